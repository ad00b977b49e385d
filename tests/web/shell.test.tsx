import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Workbox } from 'workbox-window';
import ErrorBoundary, { isChunkLoadError } from '@/components/ErrorBoundary';
import OfflineNotice from '@/components/OfflineNotice';
import Forbidden from '@/pages/Exception/Forbidden';
import { watchForUpdates } from '@/services/pwa';

function chunkError() {
  const error = new Error('Loading chunk 711 failed.\n(timeout: /711.31525a81.async.js)');
  error.name = 'ChunkLoadError';
  return error;
}

/** A page whose chunk fails until the network comes back. */
let chunkAvailable = false;
function LazyPage() {
  if (!chunkAvailable) throw chunkError();
  return <p>页面内容</p>;
}

function BrokenPage(): never {
  throw new Error('数据格式错误');
}

describe('load-failed error boundary', () => {
  it('recognises failed route and style chunks', () => {
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(isChunkLoadError(new Error('Loading CSS chunk 12 failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });

  it('offers retry and reload when a page chunk fails, and retry renders again', async () => {
    chunkAvailable = false;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary>
        <LazyPage />
      </ErrorBoundary>,
    );
    expect(screen.getByText('页面加载失败')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '刷新页面' })).toBeInTheDocument();
    chunkAvailable = true;
    await userEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(screen.getByText('页面内容')).toBeInTheDocument();
  });

  it('shows other errors as such', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary>
        <BrokenPage />
      </ErrorBoundary>,
    );
    expect(screen.getByText('页面出错了')).toBeInTheDocument();
    expect(screen.getByText('数据格式错误')).toBeInTheDocument();
  });
});

describe('offline notice', () => {
  it('appears while the browser is offline and goes when it is back', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<OfflineNotice />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    onLine.mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByRole('alert')).toHaveTextContent('当前处于离线状态');
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('update notice', () => {
  it('on a waiting worker offers refresh: activate it, clear run-time caches, reload once it controls', async () => {
    const events = new EventTarget();
    const workbox = {
      addEventListener: (type: string, listener: () => void) => events.addEventListener(type, listener),
      messageSkipWaiting: vi.fn(() => events.dispatchEvent(new Event('controlling'))),
    } as unknown as Workbox;
    const deleted: string[] = [];
    vi.stubGlobal('caches', {
      keys: async () => ['workbox-precache-v2', 'runtime'],
      delete: async (key: string) => deleted.push(key),
    });
    let refresh: (() => void) | undefined;
    const reloaded = new Promise<void>((resolve) => {
      watchForUpdates(workbox, { show: (action) => (refresh = action) }, resolve);
    });

    events.dispatchEvent(new Event('waiting'));
    expect(refresh).toBeTypeOf('function');
    refresh?.();
    await reloaded;
    expect(workbox.messageSkipWaiting).toHaveBeenCalledOnce();
    // The precache holds the new build the worker just installed: the app must still start offline.
    expect(deleted).toEqual(['runtime']);
    vi.unstubAllGlobals();
  });
});

describe('403 page', () => {
  it('explains what to do without a session', () => {
    render(<Forbidden />);
    expect(screen.getByText('无权限')).toBeInTheDocument();
    expect(screen.getByText(/请向管理员索取登录链接/)).toBeInTheDocument();
  });
});
