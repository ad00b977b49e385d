/**
 * Hostile input against every write endpoint, found from the registered routes as the permission matrix
 * does: bodies shaped by the route's own schema but carrying SQL meta-characters, markup, control
 * characters and extreme numbers, and arbitrary JSON. The server never answers 500, and a refused request
 * stores nothing. Forged, expired and revoked tokens are refused.
 */

import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiRoute } from '../../server/plugins/route-permissions';
import { build, SLOW, type TestApp, type TestUser, tableSizes } from './helpers';

const HOSTILE_TEXT = [
  "'; drop table users; --",
  '" or 1=1 --',
  '<script>alert("x")</script>',
  '<img src=x onerror=alert(1)>',
  '%s%n%x',
  '\\x00\\',
  'a\u0000b',
  '\u202e反向文本',
  '𠜎𠜱😀',
  '   ',
  '../../etc/passwd',
];

interface Schema {
  type?: string;
  const?: unknown;
  enum?: unknown[];
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
}

/** Values the schema lets through, with hostile text wherever free text goes. */
function valuesOf(schema: Schema): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(valuesOf));
  switch (schema.type) {
    case 'object': {
      const properties = schema.properties ?? {};
      return fc.record(Object.fromEntries(Object.entries(properties).map(([name, child]) => [name, valuesOf(child)])), {
        requiredKeys: schema.required ?? [],
      });
    }
    case 'array':
      return fc.array(valuesOf(schema.items ?? {}), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, Math.max(schema.minItems ?? 0, 4)),
      });
    case 'string': {
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
      const max = schema.maxLength ?? 10_000;
      const min = schema.minLength ?? 0;
      return fc
        .oneof(
          fc.constantFrom(...HOSTILE_TEXT),
          fc.string({ unit: 'binary', maxLength: 40 }),
          fc.constant('x'.repeat(max)),
        )
        .map((text) => text.slice(0, max).padEnd(min, 'x'));
    }
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -(2 ** 40), max: schema.maximum ?? 2 ** 40 });
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e15,
        max: schema.maximum ?? 1e15,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue();
  }
}

const label = (route: ApiRoute) => `${route.method} ${route.url}`;
const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'];
/** Ids that exist after the seed (the first alarm type, role, user…), so updates reach their handlers. */
const concreteUrl = (url: string) => url.replace(/:[A-Za-z_]+/g, '1');

describe('hostile input', { timeout: SLOW * 5 }, () => {
  let t: TestApp;
  let admin: TestUser;
  let routes: ApiRoute[];

  beforeAll(async () => {
    t = await build();
    admin = await t.createUser({ roles: ['管理员'] });
    await t.app.ready();
    routes = t.app.apiRoutes.filter((route) => WRITES.includes(route.method) && route.permission !== 'public');
  });
  afterAll(() => t?.close());

  it('never answers 500 to bodies its own schema accepts, whatever text they carry', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((candidate) => candidate.body)) {
      await fc.assert(
        fc.asyncProperty(valuesOf(route.body as Schema), async (body) => {
          const response = await t.app.inject({
            method: route.method,
            url: concreteUrl(route.url),
            headers: admin.authorization,
            payload: body as object,
          });
          if (response.statusCode >= 500) failures.push(`${label(route)} ${JSON.stringify(body)} → ${response.body}`);
          return true;
        }),
        { numRuns: 12, seed: 20261122 },
      );
    }
    expect(failures).toEqual([]);
  });

  it('never answers 500 to query strings its own schema accepts', async () => {
    const failures: string[] = [];
    const reads = t.app.apiRoutes.filter((route) => route.method === 'GET' && route.query);
    expect(reads.length).toBeGreaterThan(10);
    for (const route of reads) {
      await fc.assert(
        fc.asyncProperty(valuesOf(route.query as Schema), async (query) => {
          const search = new URLSearchParams();
          for (const [name, value] of Object.entries(query as Record<string, unknown>)) {
            for (const item of Array.isArray(value) ? value : [value]) search.append(name, String(item));
          }
          const url = `${concreteUrl(route.url)}?${search}`;
          const response = await t.app.inject({ method: 'GET', url, headers: admin.authorization });
          if (response.statusCode >= 500) failures.push(`${url} → ${response.body}`);
          return true;
        }),
        { numRuns: 12, seed: 20261122 },
      );
    }
    expect(failures).toEqual([]);
  });

  it('refuses numbers a query or path parameter cannot hold with a 400 naming the parameter', async () => {
    const NOT_INTEGERS = ['1e400', '-1e400', '1e20', 'NaN', 'Infinity', '0x10', ' 1', '1.5', '9223372036854775808', ''];
    const failures: string[] = [];
    let pathParameters = 0;
    const numeric = (schema: Schema | undefined) =>
      schema?.type === 'integer' || (schema?.type === 'array' && schema.items?.type === 'integer');
    for (const route of t.app.apiRoutes.filter((candidate) => candidate.method === 'GET')) {
      const names = Object.entries((route.query as Schema | undefined)?.properties ?? {})
        .filter(([, schema]) => numeric(schema))
        .map(([name]) => name);
      const urls = names.flatMap((name) =>
        NOT_INTEGERS.map((value) => [name, `${concreteUrl(route.url)}?${name}=${encodeURIComponent(value)}`]),
      );
      for (const [name, schema] of Object.entries((route.params as Schema | undefined)?.properties ?? {})) {
        if (!numeric(schema)) continue;
        pathParameters++;
        const url = (value: string) => concreteUrl(route.url.replace(`:${name}`, encodeURIComponent(value)));
        urls.push(...NOT_INTEGERS.filter(Boolean).map((value) => [name, url(value)]));
      }
      for (const [name, url] of urls) {
        const response = await t.app.inject({ method: 'GET', url, headers: admin.authorization });
        const answer = String(response.headers['content-type']).includes('json') ? response.json() : undefined;
        if (response.statusCode !== 400 || !String(answer?.msg).includes(name)) {
          failures.push(`${url} → ${response.statusCode} ${response.body.slice(0, 80)}`);
        }
      }
    }
    expect(pathParameters).toBeGreaterThan(5);
    expect(failures).toEqual([]);
  });

  it('refuses arbitrary JSON with a 4xx envelope and stores nothing', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((candidate) => candidate.body)) {
      const before = await tableSizes(t.database.db);
      let accepted = false;
      await fc.assert(
        fc.asyncProperty(fc.jsonValue(), async (body) => {
          const response = await t.app.inject({
            method: route.method,
            url: concreteUrl(route.url),
            headers: { ...admin.authorization, 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          });
          if (response.statusCode >= 500 || typeof response.json().code !== 'number') {
            failures.push(`${label(route)} ${JSON.stringify(body)} → ${response.statusCode} ${response.body}`);
          }
          if (response.statusCode < 300) accepted = true;
          return true;
        }),
        { numRuns: 12, seed: 20261122 },
      );
      if (!accepted) {
        const after = await tableSizes(t.database.db);
        if (JSON.stringify(after) !== JSON.stringify(before)) failures.push(`${label(route)} stored a refused body`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('stores SQL meta-characters and markup as the very text sent', async () => {
    for (const text of HOSTILE_TEXT.filter((candidate) => candidate.trim() && !candidate.includes('\u0000'))) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/alarm/base/system',
        headers: admin.authorization,
        payload: { code: `S${HOSTILE_TEXT.indexOf(text)}`, name: text, description: text },
      });
      expect(created.statusCode, created.body).toBe(200);
      const stored = created.json().data;
      expect(stored).toMatchObject({ name: text.trim(), description: text.trim() });
      const listed = await t.app.inject({
        method: 'GET',
        url: `/api/alarm/base/system?keyword=${encodeURIComponent(text.trim())}`,
        headers: admin.authorization,
      });
      expect(listed.json().data.list.map((row: { id: number }) => row.id)).toContain(stored.id);
    }
  });

  it('refuses text with a NUL character with a 400 naming the field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/alarm/base/system',
      headers: admin.authorization,
      payload: { code: 'NUL', name: 'a\u0000b' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 1, msg: 'name不能包含空字符（\\u0000）', data: null });
    const query = await t.app.inject({
      method: 'GET',
      url: '/api/alarm/base/system?keyword=a%00b',
      headers: admin.authorization,
    });
    expect(query.json()).toEqual({ code: 1, msg: 'keyword不能包含空字符（\\u0000）', data: null });
  });

  it('refuses deeply nested JSON with a 400 naming the limit, before walking it', async () => {
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    for (const [url, payload] of [
      ['/api/permission/roles', `{"name":"d","permissions":[],"x":${nested(5000)}}`],
      ['/api/alarm/mock/events', nested(100_000)],
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...admin.authorization, 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ code: 1, msg: '请求体嵌套层数不能超过 32 层', data: null });
    }
  });

  it('refuses forged, malformed, expired and revoked tokens', async () => {
    const userinfo = (headers: Record<string, string>, url = '/api/userinfo') =>
      t.app.inject({ method: 'POST', url, headers });
    expect((await userinfo(admin.authorization)).statusCode).toBe(200);

    const forged = await fc.sample(fc.string({ minLength: 1, maxLength: 80 }), { numRuns: 20, seed: 7 });
    for (const token of [...forged, admin.token.slice(0, -1), `${admin.token}x`, admin.token.toUpperCase()]) {
      const response = await userinfo({ authorization: `Bearer ${token}` });
      expect(response.statusCode, token).toBe(401);
    }
    for (const header of ['Bearer', `Basic ${admin.token}`, `bearer${admin.token}`, `Bearer  ${admin.token} x`]) {
      expect((await userinfo({ authorization: header })).statusCode, header).toBe(401);
    }
    // A token in the address is not a credential.
    expect((await userinfo({}, `/api/userinfo?token=${admin.token}`)).statusCode).toBe(401);

    const expiring = await t.createUser();
    await t.database.db.execute(
      sql`update tokens set expires_at = now() - interval '1 second' where user_id = ${expiring.id}`,
    );
    expect((await userinfo(expiring.authorization)).statusCode).toBe(401);

    const revoked = await t.app.repositories.tokens.issue(admin.id, 1);
    const headers = { authorization: `Bearer ${revoked.token}` };
    expect((await userinfo(headers)).statusCode).toBe(200);
    await t.app.repositories.tokens.revoke(revoked.token);
    expect((await userinfo(headers)).statusCode).toBe(401);
  });
});
