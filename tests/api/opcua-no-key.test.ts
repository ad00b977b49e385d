/**
 * OPC UA passwords without SOURCE_SECRET_KEY (docs/api.md, "Data collection"): refused in Chinese, never stored
 * readable; anonymous sources still work.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, SLOW, type TestApp } from './helpers';

describe('OPC UA sources on a server without a secret key', { timeout: SLOW }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ collectorPollMs: 60_000 });
  }, SLOW);
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a password, and keeps anonymous sources', async () => {
    const user = await t.createUser({ permissions: ['alarm-base-source-create'] });
    const create = (name: string, extra: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/alarm/base/source',
        headers: user.authorization,
        payload: {
          name,
          kind: 'opcua',
          enabled: false,
          opcua: { endpointUrl: 'opc.tcp://plant:4840', securityMode: 'None', securityPolicy: 'None', ...extra },
        },
      });
    const refused = await create('有密码', { userName: 'op', password: 'secret-pw' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toContain('SOURCE_SECRET_KEY');
    const anonymous = await create('匿名', {});
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json().data.opcua).toMatchObject({ userName: '', hasPassword: false });
  });
});
