/**
 * Rationalization on the boards: 系统改进看板's coverage per unit at each period's end (from the audit trail of
 * 合理化状态, confirmations without one, points added and removed) and its priority split of the window;
 * 报警总览's count of points whose priority differs from the matrix's suggestion.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, SLOW, type TestApp, type TestUser } from './helpers';

/** Plant-local (Asia/Shanghai) Mondays 2026-01-05 … 2026-01-26: three weekly periods. */
const FROM = '2026-01-04T16:00:00.000Z';
const TO = '2026-01-25T16:00:00.000Z';

const event = (time: string, tag: string, priority: string) => ({
  time,
  tag,
  condition: 'PVHI',
  event: 'ALM',
  priority,
  console: 'CON-1',
  unit: 'U1',
});

describe('rationalization on the boards', { timeout: SLOW }, () => {
  let t: TestApp;
  let improver: TestUser;
  let overseer: TestUser;

  const sql = (text: string) => t.database.db.execute(text as never);

  beforeAll(async () => {
    t = await build();
    improver = await t.createUser({ permissions: ['alarm-op-system-improve-view'] });
    overseer = await t.createUser({ permissions: ['alarm-board-over-view'] });
    const feeder = await t.createUser({ permissions: ['alarm-mock-view'] });
    // Annunciations: two low in the first week, one high in the second.
    const fed = await t.app.inject({
      method: 'POST',
      url: '/api/alarm/mock/events',
      headers: feeder.authorization,
      payload: [
        event('2026-01-06T01:00:00Z', 'A', 'low'),
        event('2026-01-07T01:00:00Z', 'B', 'low'),
        event('2026-01-13T01:00:00Z', 'C', 'high'),
      ],
    });
    expect(fed.json()).toMatchObject({ code: 0 });
    await sql(`insert into units (name) values ('U2') on conflict do nothing`);
    await sql(`update alarm_points set created_at = '2026-01-01T00:00:00Z'`);
    await sql(`update alarm_points set created_at = '2026-01-14T00:00:00Z' where tag = 'C'`);
    // A: confirmed on 01-08, taken back on 01-15. B: confirmed on 01-13, with no audit row (as the demo seeds).
    await sql(`insert into alarm_point_changes (point_id, changed_at, changed_by, field, before, after, source)
      select id, t::timestamptz, 'eng', 'rationalizationStatus', b, a, 'library' from alarm_points,
        (values ('2026-01-08T00:00:00Z', '待确认', '已确认'), ('2026-01-15T00:00:00Z', '已确认', '待确认')) v(t, b, a)
      where tag = 'A'`);
    await sql(`update alarm_points set rationalization_status = '已确认', confirmed_by = 'eng',
      confirmed_at = '2026-01-13T00:00:00Z' where tag = 'B'`);
    // U2: D confirmed before its first audited change (taken back on 01-20); F confirmed on 01-16; E removed.
    await sql(`insert into alarm_points (tag, condition, unit_id, console_id, priority, created_at, rationalization_status,
        confirmed_at, suggested_priority, deleted)
      select x.tag, 'PVHI', (select id from units where name = 'U2'), (select id from consoles where name = 'CON-1'),
        x.priority, '2026-01-01T00:00:00Z', x.status, x.confirmed::timestamptz, x.suggested, x.deleted
      from (values ('D', 'low', '待确认', null, 'high', false), ('F', 'low', '已确认', '2026-01-16T00:00:00Z', 'low', false),
                   ('E', 'low', '已确认', '2026-01-02T00:00:00Z', 'high', true)) x(tag, priority, status, confirmed, suggested, deleted)`);
    await sql(`insert into alarm_point_changes (point_id, changed_at, changed_by, field, before, after, source)
      select id, t::timestamptz, 'eng', 'rationalizationStatus', b, a, 'library' from alarm_points,
        (values ('D', '2026-01-20T00:00:00Z', '已确认', '待确认'), ('F', '2026-01-16T00:00:00Z', '待确认', '已确认')) v(p, t, b, a)
      where tag = p`);
    await sql(`update alarm_points set suggested_priority = 'medium' where tag = 'A'`);
  }, SLOW);
  afterAll(() => t?.close());

  const get = (url: string, as: TestUser) =>
    t.app.inject({ method: 'GET', url: `/api${url}`, headers: as.authorization });

  it('gives each unit its points confirmed and its points at the end of each period', async () => {
    const response = await get(`/alarm/op/system/improve?from=${FROM}&to=${TO}&period=week`, improver);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.periods.map((row: { end: string }) => row.end)).toEqual([
      '2026-01-11T16:00:00.000Z',
      '2026-01-18T16:00:00.000Z',
      TO,
    ]);
    expect(data.coverage).toEqual([
      // A [1, 0, 0] + B [0, 1, 1]; C added on 01-14.
      { unit: 'U1', confirmed: [1, 1, 1], total: [2, 3, 3] },
      // D [1, 1, 0] + F [0, 1, 1]; E removed, left out.
      { unit: 'U2', confirmed: [1, 2, 1], total: [2, 2, 2] },
    ]);
  });

  it('keeps to the board scope', async () => {
    const data = (await get(`/alarm/op/system/improve?from=${FROM}&to=${TO}&unit=U2`, improver)).json().data;
    expect(data.coverage).toEqual([{ unit: 'U2', confirmed: [1, 2, 1], total: [2, 2, 2] }]);
  });

  it("splits the window's annunciations by priority beside the priorities' target shares", async () => {
    const data = (await get(`/alarm/op/system/improve?from=${FROM}&to=${TO}`, improver)).json().data;
    expect(data.prioritySplit.low).toBeCloseTo(200 / 3, 6);
    expect(data.prioritySplit.high).toBeCloseTo(100 / 3, 6);
    expect(data.prioritySplit).toMatchObject({ urgent: 0, medium: 0 });
    expect(
      Object.fromEntries(
        data.priorities.map((look: { code: string; targetShare: number }) => [look.code, look.targetShare]),
      ),
    ).toEqual({ urgent: 1, high: 5, medium: 15, low: 80 });
  });

  it("counts on 报警总览 the scope's points whose priority differs from the suggestion", async () => {
    const over = async (query: string) =>
      (await get(`/alarm/board/over?from=${FROM}&to=${TO}${query}`, overseer)).json().data.priorityMismatches;
    // A (low, suggested medium) and D (low, suggested high); E is removed, F matches.
    expect(await over('')).toBe(2);
    expect(await over('&unit=U2')).toBe(1);
    expect(await over('&unit=U9')).toBe(0);
  });
});
