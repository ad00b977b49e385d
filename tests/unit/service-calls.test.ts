/**
 * Every API client of the SPA is exercised against the real server (docs/quality.md, service-call tests):
 * each module of src/services that calls through src/services/http.ts is `recorded` by a file of
 * tests/services, whose harness then fails unless every function of the module was called there or is
 * named with the browser test that exercises it.
 */

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** Modules of src/services that reach the API but are no area's client, and where they are tested. */
const NOT_CLIENTS: Record<string, string> = {
  http: 'the transport every client calls through (call, upload, download, pathOf)',
  get: 'SWR reads and start-up preloads behind boards.useOverview and kpi.useSeries (tests/web/boards/over.test.tsx)',
};

const clients = readdirSync(path.join(root, 'src/services'))
  .filter((file) => file.endsWith('.ts'))
  .map((file) => file.replace(/\.ts$/, ''))
  .filter((name) => /from '\.\/http'/.test(read(`src/services/${name}.ts`)) && !(name in NOT_CLIENTS))
  .sort();

/** The client modules a services test wraps with `recorded(…)`, by the name it imports them under. */
function recordedIn(file: string): string[] {
  const text = read(file);
  const imported = new Map(
    [...text.matchAll(/import \* as (\w+) from '@\/services\/(\w+)'/g)].map(([, local, module]) => [local, module]),
  );
  return [...text.matchAll(/\brecorded\((\w+)\b/g)].flatMap(([, local]) => imported.get(local) ?? []);
}

describe('the service-call suite', () => {
  it('finds the API clients', () => {
    expect(clients).toEqual(expect.arrayContaining(['boards', 'journal', 'kpi', 'kpiSettings', 'library', 'moc']));
    expect(clients).toEqual(expect.arrayContaining(['dictionaries', 'permission', 'templates', 'user']));
  });

  it('records the calls of every client module in a test on the real server', () => {
    const suites = readdirSync(path.join(root, 'tests/services')).filter((file) => file.endsWith('.test.tsx'));
    const recorded = suites.flatMap((file) => recordedIn(`tests/services/${file}`)).sort();
    expect(recorded).toEqual(clients);
  });
});
