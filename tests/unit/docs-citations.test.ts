/**
 * The code cites the project's own documents: every `docs/<file>.md` it names exists, with the heading an
 * `#anchor` points to, and no comment cites a document outside the repository (a bare `domain.md`,
 * `api.md`, … or the original console's specification as "seed").
 */

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const SOURCES = [
  'config',
  'contract',
  'common',
  'src',
  'server',
  'mock',
  'tests',
  'e2e',
  'scripts',
  'README.md',
  'docs',
];
const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', ...SOURCES], { encoding: 'utf8' })
  .split('\n')
  .filter(
    (file) => /\.(ts|tsx|mts|mjs|md)$/.test(file) && !file.startsWith('src/.umi') && existsSync(path.join(root, file)),
  )
  .filter((file) => file !== 'tests/unit/docs-citations.test.ts');

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function anchorsOf(document: string): Set<string> {
  const headings = readFileSync(path.join(root, document), 'utf8').match(/^#{1,6} .+$/gm) ?? [];
  return new Set(
    headings.map((heading) =>
      heading
        .replace(/^#+ /, '')
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s-]/gu, '')
        .replace(/\s/g, '-'),
    ),
  );
}

describe('citations of docs/', () => {
  it('every cited document and heading exists', () => {
    const broken: string[] = [];
    for (const file of files) {
      const text = readFileSync(path.join(root, file), 'utf8');
      for (const [, document, anchor] of text.matchAll(/\bdocs\/([\w-]+\.md)(?:#([\w\p{L}-]+))?/gu)) {
        const target = `docs/${document}`;
        if (!existsSync(path.join(root, target))) broken.push(`${file}: ${target}`);
        else if (anchor && !anchorsOf(target).has(anchor)) broken.push(`${file}: ${target}#${anchor}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('no citation of a document outside the repository', () => {
    const outside: string[] = [];
    for (const file of files.filter((name) => !name.endsWith('.md'))) {
      const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
      lines.forEach((line, index) => {
        if (/(?<!docs\/)\b(domain|api|quality|architecture|screens|stack|design-card)\.md\b|\bseed §/i.test(line)) {
          outside.push(`${file}:${index + 1}: ${line.trim()}`);
        }
      });
    }
    expect(outside).toEqual([]);
  });
});
