/**
 * antd builds its styles in the browser (CSS-in-JS): on a slow CPU that is most of the first render's
 * work. The styles a browser has built are kept with the build of the app that built them (./keepStyles,
 * fetched when the browser is idle), so that a returning visit inserts them as one stylesheet before the
 * first render and antd skips building them. It is the "CSS file" mode of @ant-design/cssinjs: a
 * stylesheet carrying the map of style paths to hashes (`.data-ant-cssinjs-cache-path{content:"path:hash;…"}`)
 * tells it which styles are already on the page. Styles not kept yet are built as usual and kept for the
 * next visit.
 */
import { createCache } from '@ant-design/cssinjs';

export const STYLE_SNAPSHOT_KEY = 'antd-style-snapshot';
/** Marks the stylesheet of a restored snapshot (tests and the browser's inspector). */
export const SNAPSHOT_STYLE_ATTR = 'data-style-snapshot';

/** The one style cache of the app (given to antd by the root container), which a snapshot is taken of. */
export const styleCache = createCache();

export interface StyleSnapshot {
  /** The app build the styles were built by: another build may style differently. */
  build: string;
  css: string;
  /** `path:hash` pairs joined by `;`, as cssinjs reads them. */
  paths: string;
}

export function readSnapshot(storage: Storage): StyleSnapshot | undefined {
  try {
    const saved = JSON.parse(storage.getItem(STYLE_SNAPSHOT_KEY) ?? 'null') as StyleSnapshot | null;
    return saved && typeof saved.css === 'string' && typeof saved.paths === 'string' ? saved : undefined;
  } catch {
    return undefined;
  }
}

/** Inserts the styles kept by `build`, first in the head so the app's own stylesheets still win. */
export function restoreStyles(build: string, storage: Storage = localStorage): boolean {
  const saved = readSnapshot(storage);
  if (!saved || saved.build !== build) return false;
  const style = document.createElement('style');
  style.setAttribute(SNAPSHOT_STYLE_ATTR, '');
  style.textContent = `${saved.css}.data-ant-cssinjs-cache-path{content:"${saved.paths}";}`;
  document.head.prepend(style);
  return true;
}

/** The running build: the content hash in the name of the app's script (none in development). */
export function currentBuild(): string | undefined {
  const script = document.querySelector<HTMLScriptElement>('script[src*="/umi."]');
  return script?.src.match(/\/umi\.(\w+)\.js$/)?.[1];
}

let running: string | undefined;

async function keep(build: string) {
  const { keepStyles } = await import('./keepStyles');
  keepStyles(build);
}

/** Keeps the styles built so far when the browser is next idle (a route change has drawn a new page). */
export function keepStylesWhenIdle(): void {
  const build = running;
  if (build) requestIdleCallback(() => keep(build), { timeout: 5000 });
}

/**
 * Restores the snapshot of the running build, then keeps what is built later: when the browser is idle
 * after the page has loaded, and when the page is hidden.
 */
export function startStyleSnapshot(): void {
  const build = currentBuild();
  if (!build) return;
  running = build;
  restoreStyles(build);
  window.addEventListener('load', keepStylesWhenIdle, { once: true });
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && keep(build));
}
