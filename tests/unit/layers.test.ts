/**
 * The fences between layers (docs/architecture.md): who may import whom. Read from the import
 * statements of the tree, with the SPA's aliases resolved.
 */

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '*.ts', '*.tsx', '*.mts', '*.mjs'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file && !file.startsWith('src/.umi') && existsSync(path.join(root, file)));

const ALIASES: [string, string][] = [
  ['@/', 'src/'],
  ['@common/', 'common/'],
  ['@contract/', 'contract/'],
];

/** Every import of a file, as a path from the repository root, or the package name. */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  const specifiers = [
    ...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((match) => match[1] ?? match[2]);
  return specifiers.map((specifier) => {
    const alias = ALIASES.find(([prefix]) => specifier.startsWith(prefix));
    if (alias) return alias[1] + specifier.slice(alias[0].length);
    if (specifier.startsWith('.'))
      return path.relative(root, path.resolve(path.dirname(path.join(root, file)), specifier));
    return specifier;
  });
}

const under = (folder: string) => (file: string) => file.startsWith(`${folder}/`);

function violations(from: (file: string) => boolean, forbidden: (target: string, file: string) => boolean): string[] {
  return files.filter(from).flatMap((file) =>
    importsOf(file)
      .filter((target) => forbidden(target, file))
      .map((target) => `${file} → ${target}`),
  );
}

/** The import statements of a file that name the server's database module or its schema, as written. */
function databaseImports(file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  return [...text.matchAll(/(?:^|\n)\s*((?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"])/g)]
    .filter(([, , specifier]) => {
      if (!specifier.startsWith('.')) return false;
      const target = path.relative(root, path.resolve(path.dirname(path.join(root, file)), specifier));
      return target === 'server/db' || target.startsWith('server/db/');
    })
    .map(([, statement]) => statement.replace(/\s+/g, ' '));
}

/** The file an import of the server names, with the extension and `index` the resolver would add. */
function serverFile(target: string): string | undefined {
  return [target, `${target}.ts`, `${target}/index.ts`].find((candidate) => files.includes(candidate));
}

/** Every circle of imports among the server's files, each as the files around it. */
function importCircles(): string[][] {
  const edges = new Map(
    files
      .filter(under('server'))
      .map((file) => [file, importsOf(file).flatMap((target) => serverFile(target) ?? [])] as const),
  );
  const circles: string[][] = [];
  const done = new Set<string>();
  const visit = (file: string, trail: string[]) => {
    const seen = trail.indexOf(file);
    if (seen >= 0) {
      circles.push([...trail.slice(seen), file]);
      return;
    }
    if (done.has(file)) return;
    for (const next of edges.get(file) ?? []) visit(next, [...trail, file]);
    done.add(file);
  };
  for (const file of edges.keys()) visit(file, []);
  return circles;
}

/** The page a file belongs to: the folder of the nearest index.tsx at or above it below src/pages. */
function pageOf(file: string): string | undefined {
  let dir = path.dirname(file);
  while (dir.startsWith('src/pages/')) {
    if (existsSync(path.join(root, dir, 'index.tsx'))) return dir;
    dir = path.dirname(dir);
  }
  return undefined;
}

describe('layers', () => {
  it('the server takes nothing from the SPA but the contract and the common code', () => {
    expect(violations(under('server'), (target) => target.startsWith('src/'))).toEqual([]);
  });

  it('the contract is schemas and vocabulary only: TypeBox and itself', () => {
    expect(
      violations(under('contract'), (target) => !target.startsWith('contract/') && !/^typebox(\/|$)/.test(target)),
    ).toEqual([]);
  });

  it('the common code takes nothing from the SPA or the server', () => {
    expect(violations(under('common'), (target) => /^(src|server)\//.test(target))).toEqual([]);
  });

  it('routes run no SQL: from the database module they take only the Executor type', () => {
    const routes = files.filter(under('server/routes'));
    expect(
      routes.flatMap((file) =>
        databaseImports(file)
          .filter((statement) => !/^import type \{ Executor \} from '(\.\.\/)+db'$/.test(statement))
          .map((statement) => `${file}: ${statement}`),
      ),
    ).toEqual([]);
    expect(violations(under('server/routes'), (target) => /^drizzle-orm(\/|$)/.test(target))).toEqual([]);
    expect(routes.filter((file) => /\bsql`/.test(readFileSync(path.join(root, file), 'utf8')))).toEqual([]);
  });

  it('the server has no circle of imports', () => {
    expect(importCircles().map((circle) => circle.join(' → '))).toEqual([]);
  });

  it('use cases and repositories know nothing of HTTP, and repositories call no use case', () => {
    const http = (target: string) => /^server\/(routes|plugins)\//.test(target) || /^(@fastify\/|fastify)/.test(target);
    expect(violations(under('server/use-cases'), http)).toEqual([]);
    expect(
      violations(under('server/repositories'), (target) => http(target) || target.startsWith('server/use-cases/')),
    ).toEqual([]);
  });

  it('services and shared components never import pages', () => {
    expect(
      violations(
        (file) => /^src\/(services|components|utils)\//.test(file),
        (target) => target.startsWith('src/pages/'),
      ),
    ).toEqual([]);
  });

  it('a page never imports another page', () => {
    expect(
      violations(under('src/pages'), (target, file) => {
        if (!target.startsWith('src/pages/')) return false;
        const own = pageOf(file);
        return own !== undefined && target !== own && !target.startsWith(`${own}/`);
      }),
    ).toEqual([]);
  });
});
