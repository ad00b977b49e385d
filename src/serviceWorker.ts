/**
 * The service worker (built by scripts/generate-sw.mjs with Workbox's injectManifest; docs/architecture.md,
 * "Offline"): the app shell from the precache, and the last good answer of the API's GETs per signed-in token,
 * network first, for offline use. Writes are never kept or queued: they go to the network or fail.
 */
import type { WorkboxPlugin } from 'workbox-core/types';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  type PrecacheEntry,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import {
  API_CACHE_PREFIX,
  apiCacheName,
  bearerToken,
  FETCHED_AT_HEADER,
  keptOffline,
  offlineKey,
} from './services/offlineData';

/** The parts of the worker's global scope used here (the DOM typings of the app do not describe it). */
interface WorkerScope {
  __WB_MANIFEST: (PrecacheEntry | string)[];
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: MessageEvent<{ type?: string } | null>) => void): void;
}

// The update notice's 刷新 (services/pwa.ts) asks the waiting worker to take over.
(self as unknown as WorkerScope).addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void (self as unknown as WorkerScope).skipWaiting();
});

precacheAndRoute((self as unknown as WorkerScope).__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }));

/** Past this wait the kept answer is shown; the page says it is not fresh (components/OfflineNotice). */
const NETWORK_TIMEOUT_SECONDS = 5;
const MAX_ANSWERS_PER_USER = 300;
const MAX_AGE_SECONDS = 7 * 24 * 3600;

/** Keeps only good JSON answers (not workbooks, not refusals), stamped with the time they came. */
const keepAnswers: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => offlineKey(new URL(request.url)),
  cacheWillUpdate: async ({ response }) => {
    if (response.status !== 200 || !response.headers.get('content-type')?.includes('application/json')) return null;
    const headers = new Headers(response.headers);
    headers.set(FETCHED_AT_HEADER, new Date().toISOString());
    return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
  },
};

const strategies = new Map<string, NetworkFirst>();

function strategyOf(cacheName: string): NetworkFirst {
  let strategy = strategies.get(cacheName);
  if (!strategy) {
    strategy = new NetworkFirst({
      cacheName,
      networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
      plugins: [
        keepAnswers,
        new ExpirationPlugin({
          maxEntries: MAX_ANSWERS_PER_USER,
          maxAgeSeconds: MAX_AGE_SECONDS,
          purgeOnQuotaError: true,
        }),
      ],
    });
    strategies.set(cacheName, strategy);
  }
  return strategy;
}

/** The cache of the token in use; a new token (another user, or a new sign-in) drops every other one. */
let currentCache: string | undefined;

async function forgetOtherTokens(cacheName: string): Promise<void> {
  if (currentCache === cacheName) return;
  currentCache = cacheName;
  const others = (await caches.keys()).filter((name) => name.startsWith(API_CACHE_PREFIX) && name !== cacheName);
  await Promise.all(others.map((name) => caches.delete(name)));
}

registerRoute(
  // Without a token there is no user to keep answers for.
  ({ url, request }) => keptOffline(url) && bearerToken(request.headers.get('authorization')) !== '',
  async ({ request, event }) => {
    const cacheName = await apiCacheName(bearerToken(request.headers.get('authorization')));
    await forgetOtherTokens(cacheName);
    return strategyOf(cacheName).handle({ request, event });
  },
);
