/**
 * PostgreSQL text cannot hold the NUL character: a body or query carrying one would fail inside the
 * database. It is refused up front, naming where it was found.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { refused } from '../errors';

/** The path of the first string holding a NUL, or undefined. */
export function nulPath(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\u0000')) return path ? `${path}.${key}` : key;
    const found = nulPath(child, path ? `${path}.${key}` : key);
    if (found !== undefined) return found;
  }
  return undefined;
}

const textInput: FastifyPluginAsync = async (app) => {
  app.addHook('preValidation', async (request) => {
    for (const [part, label] of [
      [request.query, '查询参数'],
      [request.body, '请求体'],
    ] as const) {
      const path = nulPath(part);
      if (path !== undefined) throw refused(400, `${path || label}不能包含空字符（\\u0000）`);
    }
  });
};

export default fp(textInput, { name: 'text-input' });
