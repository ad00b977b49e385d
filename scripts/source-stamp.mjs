import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const inputs = ['.umirc.ts', 'package-lock.json', 'config', 'src', 'public', 'server', 'drizzle', 'scripts'];
const skipped = new Set(['.umi', '.umi-production', '.umi-test']);

function files(entry) {
  if (!statSync(entry, { throwIfNoEntry: false })) return [];
  if (!statSync(entry).isDirectory()) return [entry];
  return readdirSync(entry)
    .filter((name) => !skipped.has(name))
    .sort()
    .flatMap((name) => files(path.join(entry, name)));
}

/** A hash of every source the build reads: `npm start` rebuilds when it differs from the last build's. */
export function sourceStamp() {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap(files)) hash.update(file).update(readFileSync(file));
  return hash.digest('hex');
}

/** The stamp the last complete build wrote (build/source-stamp.txt), or '' when there is none. */
export function builtStamp() {
  try {
    return readFileSync('build/source-stamp.txt', 'utf8');
  } catch {
    return '';
  }
}

/** True when dist/ and build/ were built from the sources as they are now: `npm start` and `test:e2e` skip the build. */
export function buildIsCurrent() {
  return existsSync('dist/index.html') && existsSync('build/server.mjs') && builtStamp() === sourceStamp();
}
