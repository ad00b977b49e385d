import path from 'node:path';
import { defineConfig } from '@umijs/max';
import defaultSettings from './config/defaultSettings';
import routes from './config/routes';

/** Where `npm run dev:api` runs the real server; `npm run dev` uses the in-process mock instead. */
const apiTarget = process.env.API_PROXY_TARGET;

export default defineConfig({
  title: defaultSettings.title as string,
  antd: {},
  access: {},
  model: {},
  initialState: {},
  request: {},
  layout: { title: defaultSettings.title, locale: false },
  routes,
  npmClient: 'npm',
  hash: true,
  // Desktop browsers of the last few years (Chromium 109 is the last on Windows 7/8.1): modern syntax
  // ships untranspiled and no core-js polyfills are needed.
  targets: { chrome: 109, edge: 109, firefox: 115, safari: 16 },
  polyfill: { imports: [] },
  publicPath: '/',
  // Umi's <Helmet> is not used: the page title comes from the layout.
  helmet: false,
  favicons: ['/favicon.svg'],
  links: [{ rel: 'manifest', href: '/manifest.webmanifest' }],
  metas: [{ name: 'theme-color', content: defaultSettings.colorPrimary as string }],
  mock: apiTarget ? false : {},
  proxy: apiTarget ? { '/api': { target: apiTarget, changeOrigin: true } } : {},
  define: { 'process.env.PWA': defaultSettings.pwa },
  chainWebpack(memo) {
    // Seed §9: route chunks get two minutes before they count as failed.
    memo.output.chunkLoadTimeout(120000);
    // The menu icons of config/routes.ts come from the layout plugin's own, older copy of the icon
    // package: resolve them to the app's, so one icon runtime ships.
    memo.resolve.alias.set(
      path.dirname(require.resolve('@umijs/plugins/node_modules/@ant-design/icons/package.json')),
      path.dirname(require.resolve('@ant-design/icons/package.json')),
    );
    // No browser code needs Node's Buffer (axios and zrender check for it first): drop its polyfill.
    memo.plugin('node-polyfill-provider').tap(([provided]) => [{ process: provided.process }]);
  },
});
