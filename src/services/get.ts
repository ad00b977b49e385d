/**
 * Board GETs read through SWR, keyed by their route and query: a GET preloaded at start-up beside the
 * signed-in user's (`preloadGet`, SWR's `preload`) is the one the page's `useGet` of the same route and
 * query takes instead of asking again (docs/performance.md, "First view sent ahead"). SWR's cache decides
 * what is fresh; a refresh (`mutate()`) asks the server again.
 */
import type { Api } from '@contract/api';
import type { Input, Output } from '@contract/endpoint';
import useSWR, { type Key, mutate, preload, type SWRConfiguration } from 'swr';
import { type CallOptions, call, type Route } from './http';

/** GETs that take a query string and no path parameters: the boards' and the KPI endpoints'. */
export type QueryRoute = {
  [R in Route]: R extends `GET ${string}` ? (Input<Api[R]> extends { query: object } ? R : never) : never;
}[Route];
export type QueryOf<R extends QueryRoute> = Input<Api[R]>['query'];

/** The SWR key of a GET: the page's and the start-up's are built alike, so they are the same key. */
export type GetKey<R extends QueryRoute> = readonly [route: R, query: QueryOf<R>];

// One signature for every query GET: `call`'s own is resolved per route, not for a route not yet known.
const get = call as <R extends QueryRoute>(
  route: R,
  input: { query: QueryOf<R> },
  options?: CallOptions,
) => Promise<Output<Api[R]>>;

const fetchGet = <R extends QueryRoute>([route, query]: GetKey<R>, options?: CallOptions) =>
  get(route, { query }, options);

/**
 * As the boards have always asked: no new request on focus or reconnect, no automatic retry (a failed
 * panel offers 重试), and the answer shown kept while the next range's is on its way.
 */
const BOARD_GET: SWRConfiguration = {
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  shouldRetryOnError: false,
  keepPreviousData: true,
};

/** GET `route` with `query` (SWR): data, error, `isValidating`, and `mutate()` to ask again. */
export function useGet<R extends QueryRoute>(route: R, query: QueryOf<R>) {
  const key: GetKey<R> = [route, query];
  return useSWR(key, fetchGet<R>, BOARD_GET);
}

/**
 * Sends `key`'s request now (SWR's `preload`), for the page's read of the same key to take. `send` fails
 * quietly; the key is then given up (`mutate`), so the page asks again itself and its error reaches the
 * user the usual way — at once if the page is already waiting for the answer. Settles when it has arrived.
 */
export function preloadOnce<K extends Key, T>(key: K, send: (key: K) => Promise<T>): Promise<unknown> {
  return preload(key, send).catch(() => mutate(key));
}

/** Sends the GET now, for the page's `useGet` of the same route and query to take (`preloadOnce`). */
export const preloadGet = <R extends QueryRoute>(route: R, query: QueryOf<R>) =>
  preloadOnce<GetKey<R>, Output<Api[R]>>([route, query], (key) => fetchGet(key, { skipErrorHandler: true }));
