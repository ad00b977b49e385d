/**
 * docs/original-console.md §8 transport errors: the one place that words a call that failed on its way, for the
 * request client's toasts and for the pages that show a failed load. No request library's own text reaches the
 * screen.
 */

export const CANNOT_CONNECT_MESSAGE = '服务器连接失败，请稍后再试';
export const NO_RESPONSE_MESSAGE = 'None response! Please retry.';
export const REQUEST_ERROR_MESSAGE = 'Request error, please retry.';
export const OFFLINE_MESSAGE = '当前处于离线状态，无法连接服务器，请联网后重试';
/** A write is refused offline rather than queued: the user knows nothing was saved. */
export const OFFLINE_WRITE_MESSAGE = '当前处于离线状态，修改未提交，请联网后重试';

/** What a failed call of the request library carries (axios's error: its code, response and request). */
interface TransportFailure {
  isAxiosError?: boolean;
  code?: string;
  response?: { status?: number };
  request?: unknown;
}

/** The words for a call the server did not answer with an envelope. */
export function transportMessage(failure: TransportFailure, online: boolean = navigator.onLine): string {
  if (failure.code === 'ERR_BAD_RESPONSE') return CANNOT_CONNECT_MESSAGE;
  // Status 0 is how some transports report a response that never came: that is no response.
  if (failure.response?.status) return `Response status:${failure.response.status}`;
  if (!online) return OFFLINE_MESSAGE;
  // Sent and never answered, a timeout included.
  if (failure.request) return NO_RESPONSE_MESSAGE;
  return REQUEST_ERROR_MESSAGE;
}

/** Whether an error is the request library's own, worded by it rather than by the server or this app. */
export const isTransportFailure = (error: unknown): error is Error & TransportFailure =>
  (error as TransportFailure | null)?.isAxiosError === true;

/** The words for a failed call: the transport's per §8, else the error's own (the server's message). */
export function failureMessage(error: Error, online: boolean = navigator.onLine): string {
  return isTransportFailure(error) ? transportMessage(error, online) : error.message;
}
