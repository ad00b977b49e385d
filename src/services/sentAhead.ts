/**
 * GETs a first view sends at start-up, beside the signed-in user's, instead of after its code has rendered:
 * the page's own first identical GET takes the answer sent ahead. An answer is taken once (a refresh asks
 * the server again) and only while fresh; one that failed is asked for again by the page, so its error
 * reaches the user the usual way.
 */
const FRESH_MS = 30_000;

/** The key of a GET: its path and parameters, built the same way by the page and by what sends ahead. */
export const getKey = (path: string, params?: object) => JSON.stringify([path, params]);

const ahead = new Map<string, { answer: Promise<unknown>; sentAt: number }>();

export function sendAhead(key: string, send: () => Promise<unknown>): void {
  const answer = send();
  // Not the user's to see: the page asks again.
  answer.catch(() => undefined);
  ahead.set(key, { answer, sentAt: Date.now() });
}

/** The answer sent ahead under `key`, else `send()`. */
export function takeAhead<T>(key: string, send: () => Promise<T>): Promise<T> {
  const sent = ahead.get(key);
  ahead.delete(key);
  if (!sent || Date.now() - sent.sentAt > FRESH_MS) return send();
  return (sent.answer as Promise<T>).catch(send);
}
