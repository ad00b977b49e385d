import type { Envelope } from '@contract/http';
import type { AxiosError, AxiosResponse, RequestConfig, RequestOptions } from '@umijs/max';
import { history } from '@umijs/max';
import { message } from 'antd';
import { FETCHED_AT_HEADER } from './services/offlineNames';
import { noteAnswer } from './utils/cachedAnswers';
import { showForbidden } from './utils/forbidden';
import { openNotification } from './utils/notification';
import { CANNOT_CONNECT_MESSAGE, OFFLINE_WRITE_MESSAGE, transportMessage } from './utils/requestFailure';
import { clearSession, getToken } from './utils/session';

/** The second envelope of docs/original-console.md §8, for back ends that answer `{success, errorCode, …}`. */
export enum ErrorShowType {
  SILENT = 0,
  WARN_MESSAGE = 1,
  ERROR_MESSAGE = 2,
  NOTIFICATION = 3,
  REDIRECT = 9,
}

interface BizResponse {
  success: boolean;
  data?: unknown;
  errorCode?: number | string;
  errorMessage?: string;
  showType?: ErrorShowType;
}

/** An answer in our envelope (contract/http.ts), as far as it came: the code at least. */
type Answer = Pick<Envelope<unknown>, 'code'> & Partial<Envelope<unknown>>;

export { CANNOT_CONNECT_MESSAGE };

/** A failure already shown to the user by an interceptor; the error handler stays quiet on it. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

function isEnvelope(body: unknown): body is Answer {
  return typeof body === 'object' && body !== null && typeof (body as Answer).code === 'number';
}

/** Whether the caller handles failures itself (`skipErrorHandler`): then no toast is shown for it. */
const handledByCaller = (config: unknown) =>
  Boolean((config as { skipErrorHandler?: boolean } | undefined)?.skipErrorHandler);

/**
 * docs/original-console.md §8 code handling: 401/403 → /403 whoever asked: 401 ends the session (the token is no
 * good), 403 names the page it was refused on; 1 (or any other failure code) → error toast, unless the caller
 * handles it.
 */
function rejectEnvelope(body: Answer, silent: boolean): Promise<never> {
  if (body.code === 401) {
    clearSession();
    showForbidden();
  } else if (body.code === 403) {
    showForbidden(history.location.pathname);
  } else if (!silent) {
    message.error(body.msg || '请求失败');
  }
  return Promise.reject(new ApiError(body.msg || '请求失败', body.code, body.data));
}

function onResponse(response: AxiosResponse): AxiosResponse | Promise<never> {
  const body: unknown = response.data;
  if (isEnvelope(body) && body.code !== 0) return rejectEnvelope(body, handledByCaller(response.config));
  if ((body as BizResponse | null)?.success === false) message.error('请求失败！');
  return response;
}

/** An answer the service worker gave from its offline copy carries when it was fetched: the banner says so. */
function noteCachedAnswer(response: AxiosResponse): AxiosResponse {
  const fetchedAt: unknown = response.headers?.[FETCHED_AT_HEADER];
  noteAnswer(
    response.request?.responseURL || response.config.url || '',
    typeof fetchedAt === 'string' ? fetchedAt : undefined,
  );
  return response;
}

/** A refused blob request (an export) carries its JSON envelope as a Blob. */
async function responseBody(error: AxiosError): Promise<unknown> {
  const data: unknown = error.response?.data;
  if (typeof Blob !== 'undefined' && data instanceof Blob && data.type.includes('json')) {
    try {
      return JSON.parse(await data.text());
    } catch {
      return data;
    }
  }
  return data;
}

async function onResponseError(failure: Error): Promise<never> {
  if (failure instanceof ApiError) return Promise.reject(failure);
  const error = failure as AxiosError;
  const body = await responseBody(error);
  if (isEnvelope(body) && body.code !== 0) return rejectEnvelope(body, handledByCaller(error.config));
  if (error.code === 'ERR_BAD_RESPONSE') {
    message.error(CANNOT_CONNECT_MESSAGE);
    return Promise.reject(new ApiError(CANNOT_CONNECT_MESSAGE, error.response?.status ?? 500, body));
  }
  // Transport failures keep the axios error, whose response/request the error handler reports.
  return Promise.reject(error.response || error.request ? error : new Error('Something went wrong.'));
}

function withBearer(config: RequestOptions): RequestOptions {
  // docs/original-console.md §7: every call carries the bearer, empty when there is no token. The seed's placeholder
  // token query parameter is deliberately not sent (a leaked secret in every URL).
  return { ...config, headers: { ...config.headers, Authorization: `Bearer ${getToken() ?? ''}` } };
}

/** docs/original-console.md §7: user-info is asked for with a POST, and only reads. */
const READS_BY_POST = new Set(['/userinfo']);

/** Offline, a write is refused before it is sent, never queued: the user knows it was not saved. */
function refuseWritesOffline(config: RequestOptions): RequestOptions {
  const method = (config.method ?? 'GET').toUpperCase();
  if (navigator.onLine || method === 'GET' || method === 'HEAD' || READS_BY_POST.has(config.url ?? '')) return config;
  if (!handledByCaller(config)) message.error(OFFLINE_WRITE_MESSAGE);
  throw new ApiError(OFFLINE_WRITE_MESSAGE, 1);
}

export const requestConfig: RequestConfig = {
  baseURL: '/api',
  headers: { 'Content-Type': 'application/json' },
  errorConfig: {
    errorThrower(res: unknown) {
      const { success, data, errorCode, errorMessage, showType } = res as BizResponse;
      if (success === false) {
        const error = new Error(errorMessage) as Error & { info: BizResponse };
        error.name = 'BizError';
        error.info = { success, errorCode, errorMessage, showType, data };
        throw error;
      }
    },
    errorHandler(failure: Error, opts: RequestOptions | undefined) {
      const error = failure as Error & Partial<AxiosError> & { info?: BizResponse };
      if (opts?.skipErrorHandler) throw error;
      if (error instanceof ApiError) return;
      if (error.name === 'BizError') {
        const { errorMessage, errorCode, showType } = error.info ?? ({} as BizResponse);
        switch (showType) {
          case ErrorShowType.SILENT:
          case ErrorShowType.REDIRECT:
            break;
          case ErrorShowType.WARN_MESSAGE:
            message.warning(errorMessage);
            break;
          case ErrorShowType.NOTIFICATION:
            void openNotification({ description: errorMessage, message: errorCode });
            break;
          default:
            message.error(errorMessage);
        }
      } else {
        message.error(transportMessage(error));
      }
    },
  },
  requestInterceptors: [refuseWritesOffline, withBearer],
  responseInterceptors: [noteCachedAnswer, [onResponse, onResponseError]],
};
