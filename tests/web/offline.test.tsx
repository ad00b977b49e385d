/** Offline use (docs/architecture.md, "Offline"): the banner dates the kept answers it shows; sign-out drops them. */
import { act, render, screen } from '@testing-library/react';
import { request } from '@umijs/max';
import { HttpResponse, http } from 'msw';
import { signOut } from '@/components/HeaderUser';
import OfflineNotice from '@/components/OfflineNotice';
import { setToken, storePlantTimeZone } from '@/utils/session';
import { mockApi, startAppRuntime } from './helpers';

const server = mockApi();
startAppRuntime();

describe('the offline banner', () => {
  it('says offline, and when the answer the worker kept was fetched; a fresh answer takes the date away', async () => {
    storePlantTimeZone('Asia/Shanghai');
    setToken('abc');
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    server.use(
      http.get('/api/thing', () =>
        HttpResponse.json({ code: 0, data: 1 }, { headers: { 'x-fetched-at': '2026-11-26T03:55:00.000Z' } }),
      ),
    );
    render(<OfflineNotice />);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    await act(() => request('/thing'));
    expect(screen.getByRole('alert')).toHaveTextContent(
      '当前处于离线状态，显示的是 2026-11-26 11:55:00 获取的缓存内容',
    );

    // Online again, the server answers: nothing kept is on screen any more.
    onLine.mockReturnValue(true);
    server.use(http.get('/api/thing', () => HttpResponse.json({ code: 0, data: 2 })));
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await act(() => request('/thing'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    onLine.mockRestore();
  });

  it('online, says so when a slow server left a kept answer on screen', async () => {
    storePlantTimeZone('Asia/Shanghai');
    server.use(
      http.get('/api/slow', () =>
        HttpResponse.json({ code: 0, data: 1 }, { headers: { 'x-fetched-at': '2026-11-26T02:00:00.000Z' } }),
      ),
    );
    render(<OfflineNotice />);
    await act(() => request('/slow'));
    expect(screen.getByRole('alert')).toHaveTextContent('服务器响应超时，显示的是 2026-11-26 10:00:00 获取的缓存内容');
  });
});

describe('sign-out', () => {
  it('drops every kept answer and keeps the app shell', async () => {
    const deleted: string[] = [];
    vi.stubGlobal('caches', {
      keys: async () => ['workbox-precache-v2', 'api-data-1f2e', 'api-data-99aa'],
      delete: async (key: string) => deleted.push(key),
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    signOut();
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/403'));
    expect(deleted).toEqual(['api-data-1f2e', 'api-data-99aa']);
    vi.unstubAllGlobals();
  });
});
