/**
 * The one way the SPA calls the API: `call('POST /alarm/approve/list/:id/revoke', { params, body })`.
 * The key names an endpoint of contract/api.ts; its path parameters, query string and body are typed
 * from the schemas the server validates with, and so is the answer (the envelope's `data`). A call the
 * route would refuse, or a field it does not return, does not compile.
 */
import type { Api } from '@contract/api';
import type { Input, Output } from '@contract/endpoint';
import type { Envelope } from '@contract/http';
import { request } from '@umijs/max';

export type Route = keyof Api;

/** The endpoints that take one file as a multipart upload (`file: true` in the contract): `upload`'s. */
export type FileRoute = { [R in Route]: Api[R] extends { file: true } ? R : never }[Route];

/** One part of what a call sends (`'query'`, `'body'`…): a client function's argument typed from the route. */
export type Sent<R extends Route, Part extends keyof Input<Api[R]>> = NonNullable<Input<Api[R]>[Part]>;

/** The argument of a call; optional when the endpoint takes nothing it requires. */
type Args<R extends Route> = object extends Input<Api[R]> ? [input?: Input<Api[R]>] : [input: Input<Api[R]>];

/** How a call is made, beside what it sends: quiet failures, no time limit for long work. */
export interface CallOptions {
  skipErrorHandler?: boolean;
  timeout?: number;
}

/** The address of a call: the path below `/api` with its parameters filled in. */
export function pathOf(route: Route, params: Record<string, string | number> = {}): string {
  const template = route.slice(route.indexOf(' ') + 1);
  return template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
}

/** What any call sends, as the request client takes it; each route's own shape is `Input` of its endpoint. */
interface Sending {
  params?: Record<string, string | number>;
  query?: object;
  body?: unknown;
}

export function call<R extends Exclude<Route, FileRoute>>(
  route: R,
  ...args: [...Args<R>, options?: CallOptions]
): Promise<Output<Api[R]>>;
export async function call(route: Route, ...args: unknown[]): Promise<unknown> {
  // The signature above let through only what the route takes: its parts, then the options.
  const [input, options] = args as [Sending?, CallOptions?];
  const answer = await request<Envelope<unknown>>(pathOf(route, input?.params), {
    method: route.slice(0, route.indexOf(' ')),
    params: input?.query,
    data: input?.body,
    ...options,
  });
  return answer.data;
}

/** The workbook exports: the GET endpoints that answer a file instead of JSON (no `response` declared). */
export type ExportRoute = {
  [R in Route]: R extends `GET ${string}` ? (Api[R] extends { response: object } ? never : R) : never;
}[Route];

/** An export's filters: the query its endpoint validates, the same as the list's where it has one. */
export type ExportQuery<R extends ExportRoute> = Input<Api[R]>['query'];

/** An export's path parameters (`:id` of one record's workbook), typed from its endpoint. */
export type ExportParams<R extends ExportRoute> = Input<Api[R]>['params'];

/** A downloaded export: the workbook, and how many rows the server says it holds (`x-row-count`). */
export interface Exported {
  workbook: Blob;
  rows: number;
}

/** The workbook of an export endpoint (GET with the list's filters, or one record's by its path parameters). */
export async function download<R extends ExportRoute>(
  route: R,
  query?: ExportQuery<R>,
  params?: ExportParams<R>,
  options?: CallOptions,
): Promise<Exported> {
  const response = await request<Blob>(pathOf(route, params as Record<string, number> | undefined), {
    ...options,
    method: 'GET',
    params: query,
    responseType: 'blob',
    getResponse: true,
  });
  return { workbook: response.data, rows: Number(response.headers['x-row-count']) };
}

/** How an upload is made: the endpoint's query string, and the percentage sent so far. */
export interface UploadOptions<R extends FileRoute> {
  query?: Input<Api[R]>['query'];
  onProgress?: (percent: number) => void;
}

/**
 * Uploads one file to an endpoint the contract marks `file: true`, as the form field `file`, with no time
 * limit. A refusal rejects without the request client's message, so the caller can show the answer's
 * `data` (an import's error report, code 1).
 */
export async function upload<R extends FileRoute>(
  route: R,
  file: File,
  { query, onProgress }: UploadOptions<R> = {},
): Promise<Output<Api[R]>> {
  const form = new FormData();
  form.append('file', file);
  const answer = await request<Envelope<Output<Api[R]>>>(pathOf(route), {
    method: 'POST',
    params: query,
    // FormData: the request client drops its JSON content type, the browser sets multipart with its boundary.
    data: form,
    timeout: 0,
    skipErrorHandler: true,
    onUploadProgress: (event: { loaded: number; total?: number }) => {
      if (event.total) onProgress?.(Math.round((event.loaded / event.total) * 100));
    },
  });
  return answer.data;
}
