/**
 * Markup and SQL meta-characters in the text fields of every kind of record: each is stored and answered
 * back by the API as the very text sent (trimmed), as JSON (never HTML), and text filters treat `%`, `_`
 * and `\` as literal characters. tests/api/hostile-input.test.ts covers the 500s and the NUL character.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../server/repositories/raw-sql';
import { SLOW } from './helpers';
import { useMocFixture } from './moc-fixtures';

/** Up to 50 characters: names. */
const SHORT = `<b onmouseover=alert(1)>'";--%_\\&amp;</b>`;
/** Longer texts: descriptions, reasons, notes. */
const LONG = `<script>alert("x")</script>'; drop table users; -- %_\\ &lt;&amp; 中文 \u202e反向 😀`;
const COMMENT = `<img src=x onerror=alert(2)>同意'); delete from approval_decisions; --`;

describe('hostile text round trip', { timeout: SLOW * 3 }, () => {
  const { t, f } = useMocFixture();

  /** The answer's data, after checking it came back as a JSON envelope with code 0. */
  async function data(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
    const response = await f.call(method, url, f.admin, payload);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    return response.json().data;
  }

  it('journal texts (tag, console, unit, event description) come back through the alarm library as sent', async () => {
    const tag = `<svg/onload=alert(1)>'--`;
    const ingest = await t.app.inject({
      method: 'POST',
      url: '/api/alarm/mock/events',
      headers: (await t.createUser({ permissions: ['alarm-mock-view'] })).authorization,
      payload: [
        {
          time: '2026-01-06T08:00:00Z',
          tag,
          condition: 'PVHI',
          event: 'ALM',
          console: SHORT,
          unit: SHORT,
          description: LONG,
        },
      ],
    });
    expect(ingest.json()).toMatchObject({ code: 0, data: { imported: 1 } });
    const listed = await data('GET', `/alarm/bases/list?tag=${encodeURIComponent(tag)}`);
    expect(listed.list).toEqual([expect.objectContaining({ tag, console: SHORT, unit: SHORT })]);
    const detail = await data('GET', `/alarm/bases/list/${listed.list[0].id}`);
    expect(detail.events).toEqual([expect.objectContaining({ description: LONG })]);
  });

  it('library settings texts are stored and shown back as sent', async () => {
    const id = f.points['FIC-101'];
    const { point } = await data('GET', `/alarm/bases/list/${id}`);
    const texts = {
      description: ` ${LONG} `,
      engineeringUnit: `m³/h'<`,
      alarmClass: SHORT,
      cause: LONG,
      consequence: LONG,
      operatorResponse: LONG,
    };
    await data('PUT', `/alarm/bases/list/${id}`, {
      version: point.version,
      unitId: point.unitId,
      equipmentId: point.equipmentId,
      consoleId: point.consoleId,
      // A system type is a reference to the dictionary, not free text.
      systemType: point.systemType,
      limitValue: point.limitValue,
      rangeLow: point.rangeLow,
      rangeHigh: point.rangeHigh,
      deadband: point.deadband,
      onDelaySeconds: point.onDelaySeconds,
      offDelaySeconds: point.offDelaySeconds,
      priority: point.priority,
      maxResponseMinutes: point.maxResponseMinutes,
      enabled: point.enabled,
      ...texts,
    });
    const shown = await data('GET', `/alarm/bases/list/${id}`);
    expect(shown.point).toMatchObject({ ...texts, description: LONG });
  });

  it('users, roles, alarm types and priorities keep their names and descriptions as sent', async () => {
    const role = await data('POST', '/permission/roles', { name: SHORT, permissions: [] });
    const roles = await data('GET', '/permission/roles');
    expect(roles.find((row: { id: number }) => row.id === role.id)).toMatchObject({ name: SHORT });

    await data('POST', '/permission/users', { username: 'hostile.user', name: SHORT, roleIds: [role.id] });
    const users = await data('GET', '/permission/users?keyword=hostile.user');
    expect(users.list).toEqual([expect.objectContaining({ username: 'hostile.user', name: SHORT })]);

    await data('POST', '/alarm/base/type', { code: 'XSS_1', name: SHORT, description: LONG });
    const types = await data('GET', `/alarm/base/type?keyword=${encodeURIComponent(SHORT)}`);
    expect(types.list).toEqual([expect.objectContaining({ code: 'XSS_1', name: SHORT, description: LONG })]);

    const [priority] = await data('GET', '/alarm/base/priorities');
    await data('PUT', `/alarm/base/priorities/${priority.id}`, { name: SHORT, color: '#123456', sortOrder: 1 });
    const priorities = await data('GET', '/alarm/base/priorities');
    expect(priorities.find((row: { id: number }) => row.id === priority.id)).toMatchObject({ name: SHORT });
  });

  it('templates keep their name, equipment type and description as sent', async () => {
    const created = await data('POST', '/alarm/template/list', {
      name: SHORT,
      equipmentType: `泵<b>'`,
      description: LONG,
      items: [{ condition: 'PVHI', priority: 'high' }],
    });
    expect(await data('GET', `/alarm/template/list/${created.id}`)).toMatchObject({
      name: SHORT,
      equipmentType: `泵<b>'`,
      description: LONG,
    });
  });

  it('change requests, operating conditions, flows and approval comments keep their texts as sent', async () => {
    const change = await data('POST', '/alarm/op/update', {
      title: SHORT,
      reason: LONG,
      riskLevel: 'low',
      businessType: 'alarmChange',
      items: [{ pointId: f.points['FIC-102'], field: 'deadband', after: 2 }],
      submit: true,
    });
    const approvalId = change.approval.approvalId;
    const approveAs = await t.app.inject({
      method: 'POST',
      url: `/api/alarm/approve/list/${approvalId}/approve`,
      headers: f.engineer2.authorization,
      payload: { comment: COMMENT },
    });
    expect(approveAs.statusCode, approveAs.body).toBe(200);
    const detail = await data('GET', `/alarm/op/update/${change.id}`);
    expect(detail).toMatchObject({ title: SHORT, reason: LONG });
    expect(JSON.stringify(detail)).toContain(JSON.stringify(COMMENT).slice(1, -1));

    const condition = await data('POST', '/alarm/op/working', {
      title: SHORT,
      reason: LONG,
      riskLevel: 'low',
      unitId: f.units.常减压,
      name: SHORT,
      description: LONG,
      overrides: [],
    });
    expect(await data('GET', `/alarm/op/update/${condition.id}`)).toMatchObject({
      title: SHORT,
      reason: LONG,
      condition: expect.objectContaining({ name: SHORT, description: LONG }),
    });

    const flow = await data('POST', '/alarm/base/examine/config', {
      name: SHORT,
      businessType: 'alarmChange',
      description: LONG,
      active: false,
      steps: [{ name: SHORT, mode: 'any', approvers: [{ kind: 'user', id: f.approver.id }] }],
    });
    expect(await data('GET', `/alarm/base/examine/config/${flow.id}`)).toMatchObject({
      name: SHORT,
      description: LONG,
      steps: [expect.objectContaining({ name: SHORT })],
    });
  });

  it('takes %, _ and \\ in text filters literally', async () => {
    for (const [code, name] of [
      ['LITA', '100% 满量程'],
      ['LITB', 'a_b'],
      ['LITC', 'back\\slash'],
      ['LITD', 'plain name'],
    ]) {
      await data('POST', '/alarm/base/system', { code, name });
    }
    const names = async (keyword: string) =>
      (await data('GET', `/alarm/base/system?keyword=${encodeURIComponent(keyword)}`)).list.map(
        (row: { name: string }) => row.name,
      );
    expect(await names('%')).toEqual(['100% 满量程']);
    expect(await names('_')).toEqual(['a_b']);
    expect(await names('\\')).toEqual(['back\\slash']);
    // A tag prefix of `%` or `_` matches no tag rather than every tag.
    expect((await data('GET', '/alarm/bases/list?tag=%25')).total).toBe(0);
    expect((await data('GET', '/alarm/bases/list?tag=_')).total).toBe(0);
    // The tables the texts above name in SQL are all still there, rows and all.
    const [{ n }] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select (select count(*) from users) + (select count(*) from approval_decisions) as n`,
    );
    expect(Number(n)).toBeGreaterThan(0);
  });
});
