/**
 * An endpoint of the API, declared once: its method, its path below `/api`, and the TypeBox schemas of
 * its path parameters, query string, body and answer (`data` of the envelope). The server registers
 * its route from the declaration (server/routes/endpoint.ts); the SPA calls it by its key
 * `'<METHOD> <path>'` through src/services/http.ts, typed from the same schemas.
 */
import type { Static, TObject, TProperties, TSchema } from 'typebox';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface EndpointSchemas {
  params?: TSchema;
  query?: TSchema;
  body?: TSchema;
  /** The envelope's `data`; absent for a file download (an xlsx export). */
  response?: TSchema;
  /** A multipart upload of one file in the form field `file`, which no schema describes (the body). */
  file?: true;
}

export type Endpoint<M extends Method = Method, P extends string = string> = EndpointSchemas & {
  method: M;
  path: P;
};

export function endpoint<const M extends Method, const P extends string, const S extends EndpointSchemas>(
  method: M,
  path: P,
  schemas: S,
): S & { method: M; path: P } {
  return { ...schemas, method, path };
}

/** The endpoints of a group keyed as the SPA calls them: `'POST /alarm/approve/list/:id/revoke'`. */
export type Keyed<Group extends Record<string, Endpoint>> = {
  [Name in keyof Group as `${Group[Name]['method']} ${Group[Name]['path']}`]: Group[Name];
};

/** What a caller sends for a schema: an object's fields with a default may be left out. */
type Sent<S extends TSchema> =
  S extends TObject<infer Properties>
    ? Omit<Static<S>, DefaultedKeys<Properties>> & { [K in DefaultedKeys<Properties>]?: Static<Properties[K]> }
    : Static<S>;

type DefaultedKeys<Properties extends TProperties> = {
  [K in keyof Properties]: Properties[K] extends { default: unknown } ? K : never;
}[keyof Properties] &
  string;

type Part<E, K extends keyof EndpointSchemas> = E extends { [P in K]: infer S extends TSchema }
  ? { [P in K]: Sent<S> }
  : { [P in K]?: never };

/** What a call sends: the path parameters, query string and body the endpoint declares, nothing else. */
export type Input<E> = Part<E, 'params'> & Part<E, 'query'> & Part<E, 'body'>;

/** What a call answers: the envelope's `data`. */
export type Output<E> = E extends { response: infer S extends TSchema } ? Static<S> : never;
