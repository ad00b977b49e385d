/**
 * The mocks' contract with the server (docs/architecture.md, "Mock endpoints must not drift from the
 * server"): every JSON answer an msw handler gives is checked against the response schema the server
 * declares for that route. Strictly: a field the schema does not declare is one the server's serializer
 * drops, so a fixture carrying it would let a test pass on data the page never gets.
 */
import { Value } from 'typebox/value';

/** A server route and its response schemas by status (plain JSON Schema: TypeBox's own form). */
export interface RouteContract {
  method: string;
  url: string;
  responses: Record<string, unknown>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set once per run by contract.setup.ts from the server app's registered routes. */
    routeContracts: RouteContract[];
  }
}

const patterns = new Map<string, RegExp>();

function patternOf(url: string): RegExp {
  let pattern = patterns.get(url);
  if (!pattern) {
    const source = url
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    pattern = new RegExp(`^${source}/?$`);
    patterns.set(url, pattern);
  }
  return pattern;
}

const parameters = (url: string) => url.split('/').filter((segment) => segment.startsWith(':')).length;

/** The route the server would pick: a static segment wins over a parameter, as in its router. */
export function routeFor(contracts: RouteContract[], method: string, pathname: string): RouteContract | undefined {
  return contracts
    .filter((contract) => contract.method === method && patternOf(contract.url).test(pathname))
    .sort((a, b) => parameters(a.url) - parameters(b.url))[0];
}

/** The schema with every declared object closed to undeclared fields (maps keep their open keys). */
export function strictSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(strictSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy: Record<string, unknown> = Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, strictSchema(value)]),
  );
  if (
    copy.type === 'object' &&
    copy.properties &&
    !('additionalProperties' in copy) &&
    !('patternProperties' in copy)
  ) {
    copy.additionalProperties = false;
  }
  return copy;
}

const strictSchemas = new WeakMap<object, unknown>();

const isRefusal = (body: unknown) =>
  typeof body === 'object' && body !== null && 'code' in body && (body as { code: unknown }).code !== 0;

/**
 * What is wrong with an answer a mock gives for `method pathname`: nothing when the server describes no
 * JSON answer for it (files, pictures) or for the status (a refusal with its 4xx/5xx status).
 */
export function answerProblems(
  contracts: RouteContract[],
  method: string,
  pathname: string,
  status: number,
  body: unknown,
): string[] {
  const route = routeFor(contracts, method, pathname);
  if (route && status < 300 && isRefusal(body)) {
    return [
      `${method} ${pathname} (${route.url}): a refusal answered with HTTP ${status}; the server sends 4xx or 5xx`,
    ];
  }
  const schema = route?.responses[String(status)];
  if (!route || !schema || typeof schema !== 'object') return [];
  let strict = strictSchemas.get(schema);
  if (!strict) {
    strict = strictSchema(schema);
    strictSchemas.set(schema, strict);
  }
  return [...Value.Errors(strict as never, body)].map(
    (error) => `${method} ${pathname} (${route.url}) ${error.instancePath || '/'}: ${error.message}`,
  );
}
