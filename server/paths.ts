/**
 * Files the server reads from the project folder (its worker threads, the migrations), found from this module
 * rather than from the working directory, so `build/server.mjs` runs from any folder (docs/architecture.md).
 * This file is `server/paths.ts`, and scripts/build.mjs writes its bundles directly in `build/`: both one level
 * below the project folder. Compiled to CommonJS (`umi dev` loads `mock/api.ts` so), a module has no
 * `import.meta.url`; that server runs in the project folder and takes the working directory.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here: string | undefined = import.meta.url;

export const PROJECT_DIR = here ? fileURLToPath(new URL('..', here)) : process.cwd();

/** A path inside the project folder. */
export function projectPath(...segments: string[]): string {
  return path.join(PROJECT_DIR, ...segments);
}
