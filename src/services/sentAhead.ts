/**
 * GETs a first view sends at start-up, beside the signed-in user's, instead of after its code has rendered:
 * the page's own first identical GET takes the answer sent ahead, and an answer already here lets the page
 * draw it in its first render. An answer is taken once (a refresh asks the server again) and only while
 * fresh; one that failed is asked for again by the page, so its error reaches the user the usual way.
 */
import type { Api } from '@contract/api';
import type { Input, Output } from '@contract/endpoint';
import { type CallOptions, call, pathOf, type Route } from './http';

const FRESH_MS = 30_000;

/** The key of a GET: its path and parameters, built the same way by the page and by what sends ahead. */
export const getKey = (path: string, params?: object) => JSON.stringify([path, params]);

interface Sent {
  answer: Promise<unknown>;
  sentAt: number;
  /** Set once the answer has arrived. */
  arrived?: { value: unknown };
}

const ahead = new Map<string, Sent>();

export function sendAhead(key: string, send: () => Promise<unknown>): void {
  const sent: Sent = { answer: send(), sentAt: Date.now() };
  sent.answer.then(
    (value) => {
      sent.arrived = { value };
    },
    // Not the user's to see: the page asks again.
    () => undefined,
  );
  ahead.set(key, sent);
}

function fresh(key: string): Sent | undefined {
  const sent = ahead.get(key);
  if (sent && Date.now() - sent.sentAt <= FRESH_MS) return sent;
  ahead.delete(key);
  return undefined;
}

/** The answer sent ahead under `key`, else `send()`. */
export function takeAhead<T>(key: string, send: () => Promise<T>): Promise<T> {
  const sent = fresh(key);
  ahead.delete(key);
  return sent ? (sent.answer as Promise<T>).catch(send) : send();
}

/** The answer sent ahead under `key` if it has arrived, left for `takeAhead`: a first render can show it. */
export function arrivedAhead<T>(key: string): T | undefined {
  return fresh(key)?.arrived?.value as T | undefined;
}

/** GETs that take a query string and no path parameters: the boards' and the KPI endpoints'. */
type QueryRoute = {
  [R in Route]: R extends `GET ${string}` ? (Input<Api[R]> extends { query: object } ? R : never) : never;
}[Route];
export type QueryOf<R extends QueryRoute> = Input<Api[R]>['query'];

// One signature for every query GET: `call`'s own is resolved per route, not for a route not yet known.
const get = call as <R extends QueryRoute>(
  route: R,
  input: { query: QueryOf<R> },
  options?: CallOptions,
) => Promise<Output<Api[R]>>;

const keyOf = (route: QueryRoute, query: object) => getKey(pathOf(route), query);

/** GET `route` with the query, answering `data` (the answer sent ahead at start-up, if there is one). */
export function getData<R extends QueryRoute>(route: R, query: QueryOf<R>): Promise<Output<Api[R]>> {
  return takeAhead(keyOf(route, query), () => get(route, { query }));
}

/** `data` of the GET sent ahead at start-up, if its answer has arrived. */
export function dataArrivedAhead<R extends QueryRoute>(route: R, query: QueryOf<R>): Output<Api[R]> | undefined {
  return arrivedAhead<Output<Api[R]>>(keyOf(route, query));
}

/** Sends `getData(route, query)` at start-up, for the first view's own call to take; failures stay quiet. */
export function sendDataAhead<R extends QueryRoute>(route: R, query: QueryOf<R>): void {
  sendAhead(keyOf(route, query), () => get(route, { query }, { skipErrorHandler: true }));
}
