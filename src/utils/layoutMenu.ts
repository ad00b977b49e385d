import type { Middleware, SWRConfiguration } from 'swr';

/** ProLayout's own SWR key for its menu: `[pro-layout-<n>, menu.params]`. */
const isLayoutMenuKey = (key: unknown) =>
  Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith('pro-layout-');

/**
 * ProLayout asks SWR for its menu through `menu.request` on mount, even without one (this app's menu is
 * the route table): the empty round trip flips its menu to a loading skeleton and back, rendering the
 * whole layout twice more at start. Its menu key is not revalidated on mount; other SWR users are
 * untouched (ProComponents' selects fetch their options through SWR).
 */
export const menuFromRoutes: Middleware = (useSWRNext) => (key, fetcher, config) =>
  useSWRNext(
    key,
    fetcher,
    isLayoutMenuKey(key) ? ({ ...config, revalidateOnMount: false } as SWRConfiguration) : config,
  );
