import path from 'node:path';
import { defineConfig } from '@umijs/max';
import defaultSettings from './config/defaultSettings';
import routes from './config/routes';

/**
 * Parts of antd and ProComponents that no first view needs: field renderers of value types no page uses
 * up front (colour, image, slider, numbers…), the form layouts of ProTable's schema form other than its
 * search form, tabs no page asks for, the trees inside the column setting's popover and a filter's tree
 * mode, the 403/404/500 illustrations of Result, Typography's editor. The library's import of such a part
 * (`requests`, from a module in `importer`; `antd` itself where the library imports from antd's index)
 * resolves to the stand-in of the same name in src/components/onDemand/<folder>, which fetches the real
 * part when it first renders.
 */
const ON_DEMAND_DIR = path.resolve(__dirname, 'src/components/onDemand');
const ON_DEMAND = [
  {
    folder: 'pro-field',
    importer: /@ant-design[\\/]pro-field[\\/]es$/,
    requests: [
      'Cascader',
      'Code',
      'ColorPicker',
      'DatePicker',
      'Digit',
      'DigitRange',
      'FromNow',
      'Image',
      'Money',
      'Percent',
      'Progress',
      'RangePicker',
      'Rate',
      'Second',
      'Segmented',
      'Slider',
      'TimePicker',
      'TreeSelect',
    ].map((name) => `./components/${name}`),
  },
  // The schema form behind ProTable's search form knows every form layout and the list field.
  {
    folder: 'pro-form-schema',
    importer: /@ant-design[\\/]pro-form[\\/]es[\\/]components[\\/]SchemaForm$/,
    requests: [
      '../../layouts/DrawerForm',
      '../../layouts/LightFilter',
      '../../layouts/ModalForm',
      '../../layouts/StepsForm',
    ],
  },
  {
    folder: 'pro-form-schema-layout',
    importer: /@ant-design[\\/]pro-form[\\/]es[\\/]components[\\/]SchemaForm[\\/]layoutType$/,
    requests: ['./StepsForm'],
  },
  {
    folder: 'pro-form-schema-value',
    importer: /@ant-design[\\/]pro-form[\\/]es[\\/]components[\\/]SchemaForm[\\/]valueType$/,
    requests: ['../../List'],
  },
  // Tabs drawn only when a page asks for them, trees only inside a popover or a filter's tree mode.
  {
    folder: 'antd-in-pro',
    importer:
      /@ant-design[\\/](pro-card[\\/]es[\\/]components[\\/](Card|TabPane)|pro-layout[\\/]es[\\/]components[\\/]PageContainer|pro-table[\\/]es[\\/]components[\\/](ColumnSetting|ListToolBar))$/,
    requests: ['antd'],
  },
  { folder: 'antd-card', importer: /antd[\\/]es[\\/]card$/, requests: ['../tabs'] },
  {
    folder: 'antd-table-filter',
    importer: /antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter$/,
    requests: ['../../../tree'],
  },
  // The colour picker's preset list, which antd's button styles import for one colour helper.
  {
    folder: 'antd-color-picker',
    importer: /antd[\\/]es[\\/]color-picker[\\/]components$/,
    requests: ['../../collapse'],
  },
  {
    folder: 'antd-result',
    importer: /antd[\\/]es[\\/]result$/,
    requests: ['./noFound', './serverError', './unauthorized'],
  },
  { folder: 'antd-typography', importer: /antd[\\/]es[\\/]typography[\\/]Base$/, requests: ['../Editable'] },
];

/**
 * Desktop browsers of the last few years (Chromium 109 is the last on Windows 7/8.1): modern syntax ships
 * untranspiled and no polyfills are needed (Umi's polyfill feature is off: BABEL_POLYFILL in .env).
 */
const TARGETS = { chrome: 109, edge: 109, firefox: 115, safari: 16 };

/** Where `npm run dev:api` runs the real server; `npm run dev` uses the in-process mock instead. */
const apiTarget = process.env.API_PROXY_TARGET;

export default defineConfig({
  title: defaultSettings.title as string,
  alias: { '@common': path.resolve(__dirname, 'common'), '@contract': path.resolve(__dirname, 'contract') },
  antd: {},
  access: {},
  model: {},
  initialState: {},
  request: {},
  layout: { title: defaultSettings.title, locale: false },
  routes,
  // The modules of the route the app opens on load before React's first render (docs/performance.md).
  plugins: [path.resolve(__dirname, 'config/startRoute.ts')],
  npmClient: 'npm',
  hash: true,
  targets: TARGETS,
  // Modern output leaves esbuild's minifier its own helpers at the top of chunks: wrapped, they cannot clash.
  esbuildMinifyIIFE: true,
  publicPath: '/',
  // Umi's <Helmet> is not used: the page title comes from the layout.
  helmet: false,
  favicons: ['/favicon.svg'],
  links: [{ rel: 'manifest', href: '/manifest.webmanifest' }],
  metas: [{ name: 'theme-color', content: defaultSettings.colorPrimary as string }],
  // Umi's dev-time dependency bundling (MFSU) builds node_modules apart from the app, without the module replacements
  // of chainWebpack below, and breaks the app (ProLayout undefined, antd imports of src/ files that replace library
  // parts left unresolved): `umi dev` builds everything with the one webpack configuration, like `max build`.
  mfsu: false,
  mock: apiTarget ? false : {},
  proxy: apiTarget ? { '/api': { target: apiTarget, changeOrigin: true } } : {},
  define: { 'process.env.PWA': defaultSettings.pwa },
  chainWebpack(memo, { env, webpack }) {
    // Umi gives babel the targets at the top level, which its preset-env (told to ignore browserslist) does
    // not read: without them here too, the app's own code is compiled to ES5 with the regenerator runtime.
    for (const rule of ['src', 'jsx-ts-tsx', 'extra-src'].filter((name) => memo.module.rules.has(name))) {
      memo.module
        .rule(rule)
        .use('babel-loader')
        .tap((options) => {
          const [[preset, presetOptions], ...others] = options.presets;
          const presetEnv = { ...presetOptions.presetEnv, targets: TARGETS };
          return { ...options, presets: [[preset, { ...presetOptions, presetEnv }], ...others] };
        });
    }
    // Seed §9: route chunks get two minutes before they count as failed.
    memo.output.chunkLoadTimeout(120000);
    // Umi aims webpack's own runtime and module wrappers at ES5; the targets above all run ES2020.
    memo.target(['web', 'es2020']);
    // The menu icons of config/routes.ts come from the layout plugin's own, older copy of the icon
    // package: resolve them to the app's, so one icon runtime ships.
    memo.resolve.alias.set(
      path.dirname(require.resolve('@umijs/plugins/node_modules/@ant-design/icons/package.json')),
      path.dirname(require.resolve('@ant-design/icons/package.json')),
    );
    // The UI speaks Chinese only: ProComponents' other locale packs resolve to zh-CN instead of shipping.
    memo.plugin('pro-locales-zh-cn').use(webpack.NormalModuleReplacementPlugin, [
      /^\.\/(locale\/[a-z]{2}_[A-Z]{2}|[a-z]{2}-[A-Z]{2})$/,
      (resource: { context: string; request: string }) => {
        if (/@ant-design[\\/]pro-provider[\\/]es$/.test(resource.context)) resource.request = './locale/zh_CN';
        if (/@ant-design[\\/]pro-layout[\\/]es[\\/]locales$/.test(resource.context)) resource.request = './zh-CN';
      },
    ]);
    // Every rule must still match in a production build: a library update that moves a part would otherwise
    // ship it again unnoticed. (Development builds pre-bundle the libraries apart, out of the rules' sight.)
    const unmatched = new Set(ON_DEMAND.flatMap(({ folder, requests }) => requests.map((part) => `${folder} ${part}`)));
    memo.plugin('parts-on-demand').use(webpack.NormalModuleReplacementPlugin, [
      /^((\.\.?\/)+[\w/]+|antd)$/,
      (resource: { context: string; request: string }) => {
        const part = ON_DEMAND.find(
          ({ importer, requests }) => importer.test(resource.context) && requests.includes(resource.request),
        );
        if (!part) return;
        unmatched.delete(`${part.folder} ${resource.request}`);
        resource.request = path.join(ON_DEMAND_DIR, part.folder, path.basename(resource.request));
      },
    ]);
    if (env === 'production') {
      memo.plugin('parts-on-demand-checked').use(
        class {
          apply(compiler: import('webpack').Compiler) {
            compiler.hooks.afterCompile.tap('parts-on-demand-checked', (compilation) => {
              if (compilation.compiler !== compiler || unmatched.size === 0) return;
              const list = [...unmatched].join(', ');
              compilation.errors.push(
                new webpack.WebpackError(`on-demand rules of .umirc.ts that matched no import: ${list}`),
              );
            });
          }
        },
      );
    }
    // The layout draws the watermark (src/app.tsx); ProLayout's page container gets the same component instead of its own.
    memo.plugin('watermark-with-page').use(webpack.NormalModuleReplacementPlugin, [
      /^\.\.\/WaterMark$/,
      (resource: { context: string; request: string }) => {
        if (/@ant-design[\\/]pro-layout[\\/]es[\\/]components[\\/]PageContainer$/.test(resource.context)) {
          resource.request = path.resolve(__dirname, 'src/components/WaterMark');
        }
      },
    ]);
    // antd's rc-* components ship no `sideEffects` flag: without one, everything their index files re-export
    // is bundled (all of rc-field-form for antd's form context). Nor does the request plugin's useRequest,
    // which this app does not use (it uses ahooks'). Their ES modules have no import-time effects.
    memo.module
      .rule('rc-side-effect-free')
      .test(/node_modules[\\/](rc-[\w-]+|@rc-component[\\/][\w-]+|@ahooksjs[\\/]use-request)[\\/]es[\\/]/)
      .sideEffects(false);
    memo.resolve.alias.set('resize-observer-polyfill', path.resolve(__dirname, 'src/utils/nativeResizeObserver'));
    // No browser code needs Node's Buffer (axios and zrender check for it first): drop its polyfill.
    memo.plugin('node-polyfill-provider').tap(([provided]) => [{ process: provided.process }]);
  },
});
