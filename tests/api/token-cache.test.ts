/**
 * Signed-in holders are cached briefly (server/plugins/authentication.ts): import progress can be polled
 * while the import's transaction holds the embedded database, and a revoked token or a withdrawn permission
 * is refused at once.
 */
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build, SLOW, type TestApp, type TestUser } from './helpers';

const BOUNDARY = 'token-cache-boundary';

describe('sign-in cache', { timeout: SLOW }, () => {
  let t: TestApp;
  let admin: TestUser;
  let engineer: TestUser;

  beforeAll(async () => {
    t = await build();
    admin = await t.createUser({ roles: ['管理员'] });
    engineer = await t.createUser({ permissions: ['alarm-mock-view', 'alarm-bases-list-view'] });
  }, SLOW);
  afterAll(() => t?.close());

  const progress = async (user: TestUser) =>
    t.app.inject({ url: '/api/alarm/mock/import/cache-job', headers: user.authorization });

  it('answers progress polls while an import is still being uploaded and stored', async () => {
    const body = new PassThrough();
    let settled = false;
    const upload = t.app
      .inject({
        method: 'POST',
        url: '/api/alarm/mock/import?job=cache-job',
        headers: { ...engineer.authorization, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        payload: body,
      })
      .finally(() => {
        settled = true;
      });
    body.write(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="journal.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    );
    body.write('time,tag,condition,event,priority,console,unit\n');
    const rows = Array.from(
      { length: 30_000 },
      (_, i) =>
        `${new Date(Date.UTC(2025, 4, 1) + i * 10_000).toISOString()},CACHE-${i % 50},PVHI,${i % 2 ? 'RTN' : 'ALM'},low,缓存操作台,缓存装置\n`,
    );
    body.write(rows.join(''));

    // The upload stays open: its transaction holds the embedded database until the body ends.
    await vi.waitFor(
      async () => {
        const polled = await progress(engineer);
        expect(polled.statusCode).toBe(200);
        expect(polled.json().data.rowsRead).toBeGreaterThan(0);
      },
      { timeout: SLOW, interval: 20 },
    );
    expect(settled).toBe(false);

    body.end(`\r\n--${BOUNDARY}--\r\n`);
    const response = await upload;
    expect(response.json()).toMatchObject({ code: 0, data: { imported: 30_000, duplicates: 0 } });
    const done = await progress(engineer);
    expect(done.json().data).toMatchObject({ stage: 'done', rowsRead: 30_000 });
  });

  it('refuses a revoked token at once, though it was just cached', async () => {
    const user = await t.createUser({ permissions: ['alarm-mock-view'] });
    expect((await progress(user)).statusCode).toBe(200);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/permission/users/${user.id}/token`,
      headers: admin.authorization,
    });
    expect(revoked.json().data.revoked).toBe(1);
    expect((await progress(user)).statusCode).toBe(401);
  });

  it('applies a withdrawn permission and a disabled account at once', async () => {
    const user = await t.createUser({ permissions: ['alarm-mock-view'] });
    expect((await progress(user)).statusCode).toBe(200);
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/permission/users/${user.id}`,
      headers: admin.authorization,
      payload: { name: '权限已收回', roleIds: [], permissions: [] },
    });
    expect(updated.statusCode).toBe(200);
    expect((await progress(user)).statusCode).toBe(403);

    const disabled = await t.app.inject({
      method: 'DELETE',
      url: `/api/permission/users/${user.id}`,
      headers: admin.authorization,
    });
    expect(disabled.statusCode).toBe(200);
    expect((await progress(user)).statusCode).toBe(401);
  });
});
