/** 异常报警列表 endpoints: paged records with filters, export, ending a record under the library's handle. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, readWorkbook, SLOW, type TestApp, type TestUser } from './helpers';

describe('abnormal alarm list API', { timeout: SLOW }, () => {
  let t: TestApp;
  let viewer: TestUser;
  let handler: TestUser;

  beforeAll(async () => {
    t = await build({ plantTimeZone: 'Asia/Shanghai' });
    viewer = await t.createUser({ permissions: ['alarm-bases-abnormal-view'] });
    handler = await t.createUser({ username: 'handler', permissions: ['alarm-bases-list-handle'] });
    for (const statement of [
      "insert into units (name) values ('常减压')",
      "insert into alarm_points (tag, condition, unit_id) select 'FIC-101', 'PVHI', id from units",
      "insert into alarm_points (tag, condition, deleted) values ('TIC-201', 'PVLO', true)",
      `insert into abnormal_alarms (point_id, kind, first_seen, last_seen, count, status)
        select id, 'chattering', '2026-01-05T08:00:00Z', '2026-01-05T09:00:00Z', 12, '未处置' from alarm_points where tag = 'FIC-101'`,
      `insert into abnormal_alarms (point_id, kind, first_seen, last_seen, count, status)
        select id, 'standing', '2026-01-04T08:00:00Z', '2026-01-04T20:00:00Z', 1, '已处置' from alarm_points where tag = 'TIC-201'`,
    ]) {
      await t.database.db.execute(statement as never);
    }
  }, SLOW);
  afterAll(() => t?.close());

  const get = (url: string, as: TestUser = viewer) =>
    t.app.inject({ method: 'GET', url: `/api/alarm/bases/abnormal${url}`, headers: as.authorization });

  it('lists the records, open ones first, with their point', async () => {
    const response = await get('');
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.total).toBe(2);
    expect(data.list[0]).toMatchObject({
      tag: 'FIC-101',
      condition: 'PVHI',
      unit: '常减压',
      kind: 'chattering',
      firstSeen: '2026-01-05T08:00:00.000Z',
      lastSeen: '2026-01-05T09:00:00.000Z',
      count: 12,
      status: '未处置',
      pointDeleted: false,
    });
    expect(data.list[1]).toMatchObject({ tag: 'TIC-201', pointDeleted: true, status: '已处置' });
  });

  it('filters by tag prefix, kind and status; refuses unknown kinds', async () => {
    const tags = async (query: string) =>
      (await get(query)).json().data.list.map((record: { tag: string }) => record.tag);
    expect(await tags('?tag=tic')).toEqual(['TIC-201']);
    expect(await tags('?kind=chattering')).toEqual(['FIC-101']);
    expect(await tags(`?status=${encodeURIComponent('已处置')}`)).toEqual(['TIC-201']);
    const bad = await get('?kind=noisy');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(1);
  });

  it('exports the filtered records', async () => {
    const response = await get('/export?kind=chattering');
    expect(response.statusCode).toBe(200);
    const workbook = await readWorkbook(response.rawPayload);
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(2);
    expect((sheet.getRow(2).values as unknown[]).slice(1, 2)).toEqual(['FIC-101']);
    expect(sheet.getRow(2).getCell(6).value).toBe('颤振报警');
    // Date-times read as the plant does (PLANT_TZ, Asia/Shanghai by default): 08:00 UTC is 16:00 there.
    const times = (sheet.getRow(2).values as unknown[]).filter(
      (value) => typeof value === 'string' && /^\d{4}-/.test(value),
    );
    expect(times).toEqual(['2026-01-05 16:00:00', '2026-01-05 17:00:00']);
  });

  it('ends an open record only with the library’s handle, with a reason, once', async () => {
    const id = (await get('?kind=chattering')).json().data.list[0].id;
    const put = (as: TestUser, payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/alarm/bases/abnormal/${id}`, headers: as.authorization, payload });
    const forbidden = await put(viewer, { status: '已忽略', note: 'x' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().msg).toContain('alarm-bases-list-handle');
    const blank = await put(handler, { status: '已忽略', note: ' ' });
    expect(blank.json()).toEqual({ code: 1, msg: '忽略原因不能为空', data: null });
    const ignored = await put(handler, { status: '已忽略', note: '仪表检修' });
    expect(ignored.json().data).toMatchObject({ status: '已忽略', handledBy: 'handler', note: '仪表检修' });
    const again = await put(handler, { status: '已处置', note: '再次' });
    expect(again.statusCode).toBe(409);
    expect((await t.app.inject({ method: 'GET', url: '/api/alarm/bases/abnormal' })).statusCode).toBe(401);
  });
});
