/** What the service worker keeps for offline use (src/services/offlineData.ts): per token, by a stable key. */
import { API_CACHE_PREFIX, apiCacheName, bearerToken, keptOffline, offlineKey } from '@/services/offlineData';

const now = Date.parse('2026-11-26T04:30:20Z');
const address = (query: string) => new URL(`http://console.test/api/alarm/board/over?${query}`);

describe('offline answers', () => {
  it('are kept for the API reads, not the health probe or the app shell', () => {
    expect(keptOffline(new URL('http://console.test/api/alarm/bases/list?current=1'))).toBe(true);
    expect(keptOffline(new URL('http://console.test/api/health'))).toBe(false);
    expect(keptOffline(new URL('http://console.test/alarm/bases/list'))).toBe(false);
  });

  it('are kept per token, under a digest that is not the token', async () => {
    const first = await apiCacheName('token-of-zhang');
    expect(first.startsWith(API_CACHE_PREFIX)).toBe(true);
    expect(first).not.toContain('token-of-zhang');
    expect(await apiCacheName('token-of-zhang')).toBe(first);
    expect(await apiCacheName('token-of-wang')).not.toBe(first);
    expect(bearerToken('Bearer abc')).toBe('abc');
    expect(bearerToken('Bearer')).toBe('');
    expect(bearerToken(null)).toBe('');
  });

  it('of a rolling preset are found whenever they were fetched: keyed by the window length', () => {
    const then = address('from=2026-11-25T03:01:00.000Z&to=2026-11-26T03:01:00.000Z&unit=A');
    const later = address('from=2026-11-25T04:31:00.000Z&to=2026-11-26T04:31:00.000Z&unit=A');
    expect(offlineKey(later, now)).toBe(offlineKey(then, Date.parse('2026-11-26T03:00:30Z')));
    expect(offlineKey(later, now)).toContain('recentHours=24');
    expect(offlineKey(later, now)).toContain('unit=A');
    const week = address('from=2026-11-19T04:31:00.000Z&to=2026-11-26T04:31:00.000Z&unit=A');
    expect(offlineKey(week, now)).not.toBe(offlineKey(later, now));
  });

  it('of a chosen range, or of a call without one, keep their own address', () => {
    const chosen = address('from=2026-11-01T00:00:00.000Z&to=2026-11-02T00:00:00.000Z');
    expect(offlineKey(chosen, now)).toBe(chosen.href);
    const list = new URL('http://console.test/api/alarm/bases/list?current=2&pageSize=20');
    expect(offlineKey(list, now)).toBe(list.href);
  });
});
