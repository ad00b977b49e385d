/**
 * What the service worker keeps of the API for offline use (docs/architecture.md, "Offline"), shared by the
 * worker (src/serviceWorker) and the page: the last good JSON answer of each GET, in one cache per signed-in
 * token, stamped with the time it was fetched.
 */

import { API_CACHE_PREFIX } from './offlineNames';

export { API_CACHE_PREFIX, FETCHED_AT_HEADER } from './offlineNames';

/** GETs of the API whose answers are kept: everything a page reads, not the health probe. */
export const keptOffline = (url: URL): boolean => url.pathname.startsWith('/api/') && url.pathname !== '/api/health';

/** The token of an `Authorization: Bearer …` header, or '' when there is none. */
export const bearerToken = (authorization: string | null): string =>
  authorization?.replace(/^Bearer\s*/i, '').trim() ?? '';

/** The cache of one token: a digest, so the token itself is never a cache name. */
export async function apiCacheName(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  const hex = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${API_CACHE_PREFIX}${hex.slice(0, 32)}`;
}

/** A window that ends within this much of now is a rolling preset (近24小时, 近7天…), not a chosen range. */
const ROLLING_END_MS = 2 * 60_000;
const HOUR_MS = 3_600_000;

/**
 * The key an answer is kept under. A board's preset window moves every minute (`from`/`to` end at the next
 * whole minute), so it is kept by its length in hours instead: offline, 近24小时 finds the last answer of
 * 近24小时 whenever it was fetched. A chosen range keeps its own `from`/`to`.
 */
export function offlineKey(url: URL, now: number = Date.now()): string {
  const from = Date.parse(url.searchParams.get('from') ?? '');
  const to = Date.parse(url.searchParams.get('to') ?? '');
  if (Number.isNaN(from) || Number.isNaN(to) || Math.abs(to - now) > ROLLING_END_MS) return url.href;
  const key = new URL(url.href);
  key.searchParams.delete('from');
  key.searchParams.delete('to');
  key.searchParams.set('recentHours', String(Math.round((to - from) / HOUR_MS)));
  return key.href;
}
