import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../../server/app';
import { ROLE_NAMES } from '../../server/seed/roles';
import { build, databaseKind, SLOW, type TestApp, type TestUser } from './helpers';

describe('envelope, limits and headers', { timeout: SLOW }, () => {
  let t: TestApp;
  let admin: TestUser;
  const log: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        log.push(String(chunk));
        done();
      },
    });
    t = await build({}, { logger: { level: 'info', stream } });
    // Probe routes, registered like any real endpoint (and so checked like one).
    t.app.get(
      '/api/probe/page',
      {
        config: { permission: 'authenticated' },
        schema: {
          querystring: Type.Object({
            current: Type.Integer({ minimum: 1, default: 1 }),
            pageSize: Type.Integer({ minimum: 1, maximum: 200, default: 20 }),
          }),
        },
      },
      async (request) => ({ code: 0, msg: 'ok', data: request.query }),
    );
    t.app.post(
      '/api/probe/items',
      {
        config: { permission: 'authenticated' },
        schema: {
          body: Type.Object({
            name: Type.String({ minLength: 1, maxLength: 20 }),
            priority: Type.Union([Type.Literal('urgent'), Type.Literal('high'), Type.Literal('low')]),
          }),
        },
      },
      async (request) => ({ code: 0, msg: 'ok', data: request.body }),
    );
    t.app.get('/api/probe/crash', { config: { permission: 'authenticated' } }, async () => {
      await t.database.db.execute(sql`select secret_column from secret_table`);
      return { code: 0, msg: 'ok', data: null };
    });
    admin = await t.createUser({ roles: [ROLE_NAMES.admin] });
  }, SLOW);
  afterAll(() => t?.close());

  it('answers /api/health without a token, naming the database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 0, msg: 'ok', data: { status: 'ok', db: databaseKind } });
  });

  it('answers /api/health while the database is busy with a long query, without waiting behind it', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    let busyDone = false;
    // The embedded database runs one query at a time: a health probe would queue behind this one.
    const busy = t.database.db.execute(sql`select pg_sleep(3)`).then(() => {
      busyDone = true;
    });
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.json()).toEqual({ code: 0, msg: 'ok', data: { status: 'ok', db: databaseKind } });
    expect(busyDone).toBe(false);
    await busy;
  });

  it('answers an unknown /api path with the 404 envelope', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await t.app.inject({ method, url: '/api/no/such/endpoint', headers: admin.authorization });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 1, msg: '接口不存在', data: null });
    }
  });

  it('names the field and the limit of a bad query parameter', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/probe/page?pageSize=500',
      headers: admin.authorization,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 1, msg: '参数 pageSize 不合法：必须 ≤ 200', data: null });

    const wrongType = await t.app.inject({
      method: 'GET',
      url: '/api/probe/page?current=abc',
      headers: admin.authorization,
    });
    expect(wrongType.json().msg).toBe('参数 current 不合法：必须是整数');

    const fine = await t.app.inject({
      method: 'GET',
      url: '/api/probe/page?pageSize=200',
      headers: admin.authorization,
    });
    expect(fine.json()).toEqual({ code: 0, msg: 'ok', data: { current: 1, pageSize: 200 } });
  });

  it('names missing, empty and out-of-set body fields', async () => {
    const post = (payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/probe/items',
        headers: admin.authorization,
        payload: payload as object,
      });

    expect((await post({ priority: 'low' })).json()).toEqual({ code: 1, msg: '参数 name 不合法：必填', data: null });
    expect((await post({ name: '', priority: 'low' })).json().msg).toBe('参数 name 不合法：不能为空');
    const badPriority = await post({ name: 'TI-101', priority: 'severe' });
    expect(badPriority.statusCode).toBe(400);
    expect(badPriority.json().msg).toBe('参数 priority 不合法：必须是 urgent、high、low 之一');
  });

  it('refuses malformed JSON with code 1', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/probe/items',
      headers: { ...admin.authorization, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 1, msg: '请求体不是合法的 JSON', data: null });
  });

  it('answers a failure with the 500 envelope, leaking nothing, and logs it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/probe/crash', headers: admin.authorization });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 500, msg: '服务器内部错误，请稍后重试', data: null });
    expect(response.body).not.toMatch(/secret|select|stack|at /i);
    expect(log.join('')).toContain('secret_table');
  });

  it('refuses a body over the limit with 413 and code 1', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/probe/items',
      headers: admin.authorization,
      payload: { name: 'x'.repeat(BODY_LIMIT), priority: 'low' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 1, msg: '请求内容过大：上限 1 MB', data: null });
  });

  it('checks the token before reading the body', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/probe/items', payload: { name: '' } });
    expect(response.statusCode).toBe(401);
  });

  it('sends the security headers on API answers, errors included', async () => {
    for (const url of ['/api/health', '/api/no/such/endpoint', '/some/page']) {
      const { headers } = await t.app.inject({ method: 'GET', url });
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['content-security-policy']).toContain("default-src 'self'");
      expect(headers['content-security-policy']).toContain("object-src 'none'");
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('never logs a token, in the header or in the address, however its key is spelt', async () => {
    await t.app.inject({ method: 'POST', url: `/api/userinfo?token=${admin.token}`, headers: admin.authorization });
    await t.app.inject({ method: 'GET', url: `/?token=${admin.token}` });
    // The browser decodes the key, so each of these signs in.
    for (const key of ['%74oken', 'TOKEN', 'to%6Ben', '%54%4F%4B%45%4E']) {
      await t.app.inject({ method: 'GET', url: `/alarm/board/over?a=1&${key}=${admin.token}` });
    }
    const written = log.join('');
    expect(written).toContain('/api/userinfo?token=[redacted]');
    expect(written).toContain('/alarm/board/over?a=1&%74oken=[redacted]');
    expect(written).not.toContain(admin.token);
  });

  it('keeps API answers out of every cache, errors included', async () => {
    const answers = [
      await t.app.inject({ method: 'POST', url: '/api/userinfo', headers: admin.authorization }),
      await t.app.inject({ method: 'GET', url: '/api/health' }),
      await t.app.inject({ method: 'GET', url: '/api/no/such/endpoint' }),
      await t.app.inject({ method: 'POST', url: '/api/userinfo' }),
    ];
    for (const answer of answers) expect(answer.headers['cache-control'], answer.body).toBe('no-store');
  });
});
