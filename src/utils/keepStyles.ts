/** Adds what antd has built to the style snapshot of ./styleSnapshot (fetched when first needed). */
import { extractStyle } from '@ant-design/cssinjs';
import { readSnapshot, STYLE_SNAPSHOT_KEY, type StyleSnapshot, styleCache } from './styleSnapshot';

const CACHE_PATH_RULE = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)";\}/;
/** What cssinjs keeps in place of a style it took from the restored stylesheet. */
const FROM_STYLESHEET = '_FILE_STYLE__';

const pairs = (paths: string) =>
  paths
    .split(';')
    .filter(Boolean)
    .map((pair) => pair.split(':') as [string, string]);

/**
 * Adds the styles built since the last call (or since the page started) to the snapshot of `build`,
 * replacing a snapshot of another build. Storage that is full or refused leaves no snapshot behind.
 */
export function keepStyles(build: string, storage: Storage = localStorage, cache = styleCache): void {
  const built = extractStyle(cache, { plain: true, once: true, types: 'style' });
  const paths = CACHE_PATH_RULE.exec(built)?.[1];
  if (!paths) return;
  const saved = readSnapshot(storage);
  const kept = saved?.build === build ? saved : { build, css: '', paths: '' };
  const known = new Map(pairs(kept.paths));
  const added = pairs(paths).filter(([path]) => !known.has(path));
  if (!added.length) return;
  const css = built.replace(CACHE_PATH_RULE, '').replaceAll(FROM_STYLESHEET, '');
  const snapshot: StyleSnapshot = {
    build,
    css: kept.css + css,
    paths: [kept.paths, ...added.map((pair) => pair.join(':'))].filter(Boolean).join(';'),
  };
  try {
    storage.setItem(STYLE_SNAPSHOT_KEY, JSON.stringify(snapshot));
  } catch {
    storage.removeItem(STYLE_SNAPSHOT_KEY);
  }
}
