/**
 * Rules for a request's raw input, checked before schema validation (docs/api.md, "Input"):
 * - JSON nested deeper than MAX_JSON_DEPTH is refused before anything walks it recursively;
 * - PostgreSQL text cannot hold the NUL character: a body or query carrying one would fail inside the
 *   database, so it is refused up front, naming where it was found;
 * - integer query and path parameters must be written as plain decimal integers. Ajv's type coercion
 *   reads them with `Number()`, which takes `1e400` as Infinity (past `maximum`), `0x10` as 16 and
 *   ` 1` as 1; one rule here covers every route's integer parameters.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { refused } from '../errors';

export const MAX_JSON_DEPTH = 32;

/** The path of the first string holding a NUL, or undefined; refuses values nested past MAX_JSON_DEPTH. */
export function nulPath(value: unknown): string | undefined {
  const pending: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (typeof next.value === 'string') {
      if (next.value.includes('\u0000')) return next.path;
      continue;
    }
    if (next.value === null || typeof next.value !== 'object') continue;
    if (next.depth >= MAX_JSON_DEPTH) throw refused(400, `请求体嵌套层数不能超过 ${MAX_JSON_DEPTH} 层`);
    // Children pushed in reverse so that the first offending field in document order is the one named.
    for (const [key, child] of Object.entries(next.value).reverse()) {
      const path = next.path ? `${next.path}.${key}` : key;
      if (key.includes('\u0000')) return path;
      pending.push({ value: child, path, depth: next.depth + 1 });
    }
  }
  return undefined;
}

interface ParameterSchema {
  type?: string | string[];
  items?: ParameterSchema;
  properties?: Record<string, ParameterSchema>;
}

/** Safe integers only: anything longer is past every bound the schemas declare. */
const DECIMAL_INTEGER = /^-?\d{1,15}$/;

const isInteger = (schema: ParameterSchema | undefined): boolean => {
  const types = Array.isArray(schema?.type) ? schema.type : [schema?.type];
  return types.includes('integer') || (types.includes('array') && isInteger(schema?.items));
};

function badInteger(values: unknown, schema: ParameterSchema | undefined): string | undefined {
  for (const [name, value] of Object.entries((values ?? {}) as Record<string, unknown>)) {
    if (!isInteger(schema?.properties?.[name])) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === 'string' && !DECIMAL_INTEGER.test(item)) return name;
    }
  }
  return undefined;
}

function checkIntegers(request: FastifyRequest): void {
  const schema = request.routeOptions.schema;
  for (const [values, parameters] of [
    [request.query, schema?.querystring],
    [request.params, schema?.params],
  ] as const) {
    const name = badInteger(values, parameters as ParameterSchema | undefined);
    if (name !== undefined) throw refused(400, `参数 ${name} 不合法：必须是整数`);
  }
}

const rawInput: FastifyPluginAsync = async (app) => {
  app.addHook('preValidation', async (request) => {
    checkIntegers(request);
    for (const [part, label] of [
      [request.query, '查询参数'],
      [request.body, '请求体'],
    ] as const) {
      const path = nulPath(part);
      if (path !== undefined) throw refused(400, `${path || label}不能包含空字符（\\u0000）`);
    }
  });
};

export default fp(rawInput, { name: 'raw-input' });
