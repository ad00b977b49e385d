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

export async function call<R extends Route>(
  route: R,
  ...args: [...Args<R>, options?: CallOptions]
): Promise<Output<Api[R]>> {
  // The tuple of a generic route is not resolved here; its parts are what Args<R> and CallOptions declare.
  const [input, options] = args as unknown as [Input<Api[R]> | undefined, CallOptions | undefined];
  const method = route.slice(0, route.indexOf(' '));
  const answer = await request<Envelope<Output<Api[R]>>>(
    pathOf(route, input?.params as Record<string, string | number> | undefined),
    {
      method,
      params: input?.query,
      data: input?.body,
      ...options,
    },
  );
  return answer.data;
}
