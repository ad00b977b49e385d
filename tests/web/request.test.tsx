import { screen } from '@testing-library/react';
import { history, request } from '@umijs/max';
import { message } from 'antd';
import { AxiosError } from 'axios';
import { HttpResponse, http } from 'msw';
import { ApiError, CANNOT_CONNECT_MESSAGE } from '@/requestErrorConfig';
import { failureMessage, OFFLINE_MESSAGE, OFFLINE_WRITE_MESSAGE } from '@/utils/requestFailure';
import { getToken, readPermissions, setToken, storePermissions } from '@/utils/session';
import { mockApi, startAppRuntime } from './helpers';

const server = mockApi();
startAppRuntime();

function answer(body: Record<string, unknown>, status = 200) {
  server.use(http.all('/api/thing', () => HttpResponse.json(body, { status })));
}

describe('request client (docs/original-console.md §7)', () => {
  it('sends the stored token as a bearer, to /api, without the seed placeholder parameter', async () => {
    setToken('abc123');
    let seen: Request | undefined;
    server.use(
      http.get('/api/thing', ({ request: req }) => {
        seen = req;
        return HttpResponse.json({ code: 0, msg: 'ok', data: 1 });
      }),
    );
    await expect(request('/thing')).resolves.toEqual({ code: 0, msg: 'ok', data: 1 });
    expect(seen?.headers.get('authorization')).toBe('Bearer abc123');
    expect(new URL(seen?.url ?? '').search).toBe('');
  });

  it('sends an empty bearer without a token', async () => {
    let auth: string | null = null;
    server.use(
      http.post('/api/thing', ({ request: req }) => {
        auth = req.headers.get('authorization');
        return HttpResponse.json({ code: 0, data: null });
      }),
    );
    await request('/thing', { method: 'POST', data: { a: 1 } });
    // Header values are trimmed in transit: an empty bearer arrives as the bare scheme.
    expect(auth).toBe('Bearer');
  });
});

describe('envelope codes (docs/original-console.md §8)', () => {
  it.each([401, 403])('code %i sends the browser to /403 and rejects', async (code) => {
    history.push('/alarm/board/over');
    answer({ code, msg: 'no', data: null }, code);
    await expect(request('/thing')).rejects.toBeInstanceOf(ApiError);
    expect(history.location.pathname).toBe('/403');
  });

  it('code 403 names the page it was refused on, for the 403 page to say so', async () => {
    history.push('/alarm/bases/list');
    answer({ code: 403, msg: '没有权限执行此操作（需要 alarm-bases-list-view）', data: null }, 403);
    await expect(request('/thing')).rejects.toBeInstanceOf(ApiError);
    expect(`${history.location.pathname}${history.location.search}`).toBe('/403?from=%2Falarm%2Fbases%2Flist');
  });

  it('a refusal on the 403 page leaves the address that names what was refused', async () => {
    history.push('/403?from=%2Fpermission');
    answer({ code: 403, msg: 'no', data: null }, 403);
    await expect(request('/thing')).rejects.toBeInstanceOf(ApiError);
    expect(`${history.location.pathname}${history.location.search}`).toBe('/403?from=%2Fpermission');
  });

  it('code 401 ends the session: the stored token and permissions go', async () => {
    history.push('/alarm/board/over');
    setToken('revoked');
    storePermissions(['alarm-board-over-view']);
    answer({ code: 401, msg: '未登录或登录已失效', data: null }, 401);
    await expect(request('/thing')).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).toBeNull();
    expect(readPermissions()).toBeNull();
  });

  it('code 1 shows msg as an error toast and rejects with it', async () => {
    answer({ code: 1, msg: '位号不能为空', data: null });
    await expect(request('/thing')).rejects.toThrow('位号不能为空');
    expect(await screen.findByText('位号不能为空')).toBeInTheDocument();
  });

  it('code 1 on an HTTP 400 answer is handled the same way', async () => {
    answer({ code: 1, msg: '参数 pageSize 不合法', data: null }, 400);
    await expect(request('/thing')).rejects.toThrow('参数 pageSize 不合法');
    expect(await screen.findByText('参数 pageSize 不合法')).toBeInTheDocument();
    expect(screen.queryByText(/Response status/)).not.toBeInTheDocument();
  });
});

describe('business errors by showType (docs/original-console.md §8)', () => {
  // Each case has its own text: a toast of the previous case may still be fading out.
  const biz = (showType: number) => ({
    success: false,
    errorCode: 'E42',
    errorMessage: `业务出错${showType}`,
    showType,
  });

  it('0 is silent apart from the request-failed message', async () => {
    answer(biz(0));
    await expect(request('/thing')).rejects.toThrow('业务出错0');
    expect(await screen.findByText('请求失败！')).toBeInTheDocument();
    expect(screen.queryByText('业务出错0')).not.toBeInTheDocument();
  });

  it('1 shows a warning message', async () => {
    answer(biz(1));
    await expect(request('/thing')).rejects.toThrow();
    const text = await screen.findByText('业务出错1');
    expect(text.closest('.ant-message-notice')?.querySelector('.ant-message-warning')).not.toBeNull();
  });

  it('2 shows an error message', async () => {
    answer(biz(2));
    await expect(request('/thing')).rejects.toThrow();
    const text = await screen.findByText('业务出错2');
    expect(text.closest('.ant-message-notice')?.querySelector('.ant-message-error')).not.toBeNull();
  });

  it('3 shows a notification titled with the code', async () => {
    answer(biz(3));
    await expect(request('/thing')).rejects.toThrow();
    // The notification's code is fetched when the first one opens: wait for it as the handler does.
    await import('antd/es/notification');
    const description = await screen.findByText('业务出错3');
    const notice = description.closest('.ant-notification-notice');
    expect(notice).toHaveTextContent('E42');
  });

  it('9 (redirect) does nothing more', async () => {
    answer(biz(9));
    await expect(request('/thing')).rejects.toThrow('业务出错9');
    message.info('跳转之后');
    expect(await screen.findByText('跳转之后')).toBeInTheDocument();
    expect(screen.queryByText('业务出错9')).not.toBeInTheDocument();
  });

  it('any other showType shows an error message', async () => {
    answer(biz(7));
    await expect(request('/thing')).rejects.toThrow();
    const text = await screen.findByText('业务出错7');
    expect(text.closest('.ant-message-notice')?.querySelector('.ant-message-error')).not.toBeNull();
  });
});

describe('transport errors (docs/original-console.md §8)', () => {
  it('an answer that is not an envelope shows its status', async () => {
    server.use(http.get('/api/thing', () => new HttpResponse('nope', { status: 404 })));
    await expect(request('/thing')).rejects.toMatchObject({ response: { status: 404 } });
    expect(await screen.findByText('Response status:404')).toBeInTheDocument();
  });

  it('no response shows "None response! Please retry."', async () => {
    server.use(http.get('/api/thing', () => HttpResponse.error()));
    await expect(request('/thing')).rejects.toMatchObject({ code: 'ERR_NETWORK' });
    expect(await screen.findByText('None response! Please retry.')).toBeInTheDocument();
  });

  it('a failure before sending rejects with "Something went wrong." and shows the generic message', async () => {
    const adapter = () => Promise.reject(new Error('adapter broke'));
    await expect(request('/thing', { adapter })).rejects.toThrow('Something went wrong.');
    expect(await screen.findByText('Request error, please retry.')).toBeInTheDocument();
  });

  it('ERR_BAD_RESPONSE shows the cannot-connect message', async () => {
    server.use(http.get('/api/thing', () => new HttpResponse('Bad Gateway', { status: 502 })));
    await expect(request('/thing')).rejects.toThrow(CANNOT_CONNECT_MESSAGE);
    expect(await screen.findByText(CANNOT_CONNECT_MESSAGE)).toBeInTheDocument();
  });

  it('no response while offline says so in Chinese', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    server.use(http.get('/api/thing', () => HttpResponse.error()));
    await expect(request('/thing')).rejects.toMatchObject({ code: 'ERR_NETWORK' });
    expect(await screen.findByText(OFFLINE_MESSAGE)).toBeInTheDocument();
    online.mockRestore();
  });

  it('a timeout is a request with no response', async () => {
    // What axios's own adapter rejects with when the time limit passes (its XHR timeout does not run here).
    const adapter = () =>
      Promise.reject(new AxiosError('timeout of 1ms exceeded', AxiosError.ECONNABORTED, undefined, {}));
    await expect(request('/thing', { adapter })).rejects.toMatchObject({ code: 'ECONNABORTED' });
    expect(await screen.findAllByText('None response! Please retry.')).not.toHaveLength(0);
    expect(screen.queryByText(/timeout of/)).not.toBeInTheDocument();
  });

  it('a write while offline is refused before it is sent, in Chinese, and nothing is queued', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    let sent = 0;
    server.use(
      http.post('/api/thing', () => {
        sent += 1;
        return HttpResponse.json({ code: 0, data: null });
      }),
    );
    await expect(request('/thing', { method: 'POST', data: { a: 1 } })).rejects.toThrow(OFFLINE_WRITE_MESSAGE);
    expect(await screen.findByText(OFFLINE_WRITE_MESSAGE)).toBeInTheDocument();
    online.mockRestore();
    await request('/thing', { method: 'POST', data: { a: 2 } });
    expect(sent).toBe(1);
  });

  it('skipErrorHandler rejects without showing anything', async () => {
    server.use(http.get('/api/thing', () => new HttpResponse('nope', { status: 418 })));
    await expect(request('/thing', { skipErrorHandler: true })).rejects.toMatchObject({ response: { status: 418 } });
    // Toasts render in order: once a later one shows, an earlier one would have too.
    message.info('之后的提示');
    expect(await screen.findByText('之后的提示')).toBeInTheDocument();
    expect(screen.queryByText('Response status:418')).not.toBeInTheDocument();
  });

  it('skipErrorHandler leaves a refused envelope to the caller, without a toast', async () => {
    answer({ code: 1, msg: '第 3 行：时间格式不正确', data: { errors: 1 } }, 400);
    await expect(request('/thing', { skipErrorHandler: true })).rejects.toMatchObject({
      message: '第 3 行：时间格式不正确',
      code: 1,
    });
    message.info('之后的提示');
    expect(await screen.findByText('之后的提示')).toBeInTheDocument();
    expect(screen.queryByText('第 3 行：时间格式不正确')).not.toBeInTheDocument();
  });
});

describe('the transport messages of docs/original-console.md §8, one function for toasts and pages', () => {
  const failure = (fields: Record<string, unknown>) => Object.assign(new Error('raw library text'), fields);
  it.each([
    [
      'an answer without an envelope',
      failure({ isAxiosError: true, response: { status: 404 } }),
      true,
      'Response status:404',
    ],
    [
      'a bad response',
      failure({ isAxiosError: true, code: 'ERR_BAD_RESPONSE', response: { status: 502 } }),
      true,
      CANNOT_CONNECT_MESSAGE,
    ],
    [
      'no response',
      failure({ isAxiosError: true, code: 'ERR_NETWORK', request: {} }),
      true,
      'None response! Please retry.',
    ],
    [
      'a timeout',
      failure({ isAxiosError: true, code: 'ECONNABORTED', request: {} }),
      true,
      'None response! Please retry.',
    ],
    ['no response offline', failure({ isAxiosError: true, code: 'ERR_NETWORK', request: {} }), false, OFFLINE_MESSAGE],
    ['a failure before sending', failure({ isAxiosError: true }), true, 'Request error, please retry.'],
    ['a refusal of the server', new ApiError('位号不能为空', 1), true, '位号不能为空'],
  ])('%s', (_, error, online, expected) => {
    expect(failureMessage(error, online)).toBe(expected);
  });
});
