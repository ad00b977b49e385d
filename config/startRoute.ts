import path from 'node:path';
import type { IApi } from '@umijs/max';

/**
 * A Umi plugin: `@@/plugin-startRoute` exports, per route id, a plain `import()` of the route's module, so
 * `src/app.tsx` can load the modules of the route the app opens on before React's first render and hand
 * them to Umi's `patchRoutes` in place of the lazy components (docs/performance.md, "LCP of the overview").
 *
 * Each import names its chunk as Umi's own route table does, so the module stays in Umi's chunk (webpack
 * would also merge two chunks of the same modules); a production build fails if a route's module ever
 * lands in two chunks.
 */

/** Umi's chunk name of a route file (`@/pages/A/B/index.tsx` → `p__A__B__index`, its layout → `t__plugin-layout__Layout`). */
function chunkName(file: string, cwd: string): string {
  return file
    .replace(`${cwd}/`, '')
    .replace(/^@\//, '')
    .replace(/\.[jt]sx?$/, '')
    .replace(/\//g, '__')
    .replace(/^src__/, '')
    .replace(/^\.umi-production__/, 't__')
    .replace(/^\./, '')
    .replace(/^pages__/, 'p__');
}

/** What Umi's route table knows of a route's module (`__absFile` is where it resolved `file`). */
interface RouteFile {
  file?: string;
  __absFile?: string;
}

export default (api: IApi) => {
  /** Absolute paths of the modules imported, for the build's check. */
  const imported = new Set<string>();

  api.onGenerateFiles(() => {
    imported.clear();
    const lines = Object.entries(api.appData.routes as Record<string, RouteFile>).flatMap(
      ([id, { file, __absFile }]) => {
        if (!file || !__absFile) return [];
        imported.add(__absFile);
        const request = file.startsWith('@/') || path.isAbsolute(file) ? file : __absFile;
        return [`  '${id}': () => import(/* webpackChunkName: "${chunkName(file, api.cwd)}" */ '${request}'),`];
      },
    );
    api.writeTmpFile({
      path: 'index.ts',
      content: [
        "import type { ComponentType } from 'react';",
        '',
        '/** What Umi renders for a route without a module (a group, a redirect): tiny, so not split off. */',
        "export { default as EmptyRoute } from '../core/EmptyRoute';",
        '',
        '/** The module of each route that has one, in the chunk Umi gives it. */',
        'export const routeModules: Record<string, () => Promise<{ default: ComponentType }>> = {',
        ...lines,
        '};',
        '',
      ].join('\n'),
    });
  });

  api.chainWebpack((memo, { env, webpack }) => {
    if (env !== 'production') return memo;
    memo.plugin('start-route-chunks-checked').use(
      class {
        apply(compiler: import('webpack').Compiler) {
          compiler.hooks.afterCompile.tap('start-route-chunks-checked', (compilation) => {
            if (compilation.compiler !== compiler) return;
            const split = [...compilation.modules].flatMap((module) => {
              const resource = 'resource' in module ? String(module.resource) : '';
              return imported.has(resource) && compilation.chunkGraph.getNumberOfModuleChunks(module) > 1
                ? [resource]
                : [];
            });
            if (split.length === 0) return;
            const list = split.join(', ');
            compilation.errors.push(
              new webpack.WebpackError(
                `config/startRoute.ts: chunk names unlike Umi's put these in two chunks: ${list}`,
              ),
            );
          });
        }
      },
    );
    return memo;
  });
};
