/**
 * A route's method, address and schemas taken from its endpoint in contract/ (the one declaration of
 * the API): `app.route({ ...routeOf(endpoint), config, handler })`. The JSON answer is the envelope of
 * the endpoint's `response`; a download declares none.
 */
import type { TSchema } from 'typebox';
import type { Endpoint } from '../../contract/endpoint';
import { envelope } from '../../contract/http';

type SchemaOf<E, K extends string> = E extends { [P in K]: infer S extends TSchema } ? S : undefined;

type ResponseOf<E> = E extends { response: infer S extends TSchema }
  ? { 200: ReturnType<typeof envelope<S>> }
  : undefined;

export function routeOf<E extends Endpoint>(endpoint: E) {
  const { method, path, params, query, body, response } = endpoint;
  // Only the schemas the endpoint declares: Fastify validates what is there.
  const schema = Object.fromEntries(
    Object.entries({ params, querystring: query, body, response: response && { 200: envelope(response) } }).filter(
      ([, value]) => value !== undefined,
    ),
  );
  return {
    method,
    url: path,
    schema: schema as {
      params: SchemaOf<E, 'params'>;
      querystring: SchemaOf<E, 'query'>;
      body: SchemaOf<E, 'body'>;
      response: ResponseOf<E>;
    },
  };
}
