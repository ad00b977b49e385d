/**
 * antd builds its styles in the browser (CSS-in-JS): on a slow CPU that is much of the first render's work. The
 * build extracts the styles of the shell and the first views into one stylesheet (scripts/antd-styles.tsx); it
 * carries cssinjs's map of style paths, from which antd knows not to build them again (its "CSS file" mode).
 * The sheet is inserted before the first render when the service worker serves the app — a returning visit,
 * which takes it from the precache at once. A first visit builds the styles instead of fetching them, so its
 * first load stays the app's scripts (docs/performance.md, "Styles built at build time").
 */
export const BUILT_STYLES_PATH = '/antd-styles.css';

/** Resolves once the sheet has loaded (or failed: antd then builds every style, as on a first visit). */
export function loadBuiltStyles(
  container: ServiceWorkerContainer | undefined = navigator.serviceWorker,
): Promise<void> {
  // Kept in localStorage by earlier versions of the app.
  localStorage.removeItem('antd-style-snapshot');
  if (!container?.controller) return Promise.resolve();
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = BUILT_STYLES_PATH;
    link.onload = () => resolve();
    link.onerror = () => {
      link.remove();
      resolve();
    };
    // First in the head: the app's own stylesheets still win.
    document.head.prepend(link);
  });
}
