import fs from 'node:fs';
import path from 'node:path';
import type { IApi } from '@umijs/max';

/**
 * A Umi plugin: `@@/plugin-startRoute/routeModules` exports, per route id, a plain `import()` of the route's module, so
 * `src/app.tsx` can load the modules of the route the app opens on before React's first render and hand
 * them to Umi's `patchRoutes` in place of the lazy components (docs/performance.md, "LCP of the overview").
 *
 * Each import names its chunk as Umi's own route table does, so the module stays in Umi's chunk; generating
 * the files fails (and with it every build) when a name is not one Umi's route table uses.
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
  api.onGenerateFiles(() => {
    // Umi's own route table, generated just before: every chunk named here must be named there too.
    const umiRoutes = fs.readFileSync(path.join(api.paths.absTmpPath, 'core/route.tsx'), 'utf8');
    const unmatched: string[] = [];
    const lines = Object.entries(api.appData.routes as Record<string, RouteFile>).flatMap(
      ([id, { file, __absFile }]) => {
        if (!file || !__absFile) return [];
        const name = chunkName(file, api.cwd);
        if (!umiRoutes.includes(`webpackChunkName: "${name}"`)) unmatched.push(`${id} (${name})`);
        const request = file.startsWith('@/') || path.isAbsolute(file) ? file : __absFile;
        return [`  '${id}': () => import(/* webpackChunkName: "${name}" */ '${request}'),`];
      },
    );
    if (unmatched.length) {
      throw new Error(
        `config/startRoute.ts: chunk names Umi's route table does not use, for routes ${unmatched.join(', ')}`,
      );
    }
    // Not `index.ts`: Umi re-exports a plugin's index from `umi`, which Umi's EmptyRoute imports (a circle that
    // fails under React Refresh in `umi dev`).
    api.writeTmpFile({
      path: 'routeModules.ts',
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
};
