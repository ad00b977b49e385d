import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
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
