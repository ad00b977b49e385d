/** Journal import of an xlsx workbook (docs/api.md, "Journal file format v1"): first sheet, same columns as CSV. */
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/repositories/raw-sql';
import { build, multipartFile, SLOW, type TestApp, type TestUser } from './helpers';

/** A workbook whose first sheet holds `rows` under `header`; Date cells are formatted as date-times. */
async function workbook(header: string[], rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('报警日志');
  sheet.addRow(header);
  for (const values of rows) {
    const row = sheet.addRow(values);
    row.eachCell((cell) => {
      if (cell.value instanceof Date) cell.numFmt = 'yyyy-mm-dd hh:mm:ss';
    });
  }
  // A second sheet is not read.
  book.addWorksheet('说明').addRow(['time', 'tag', 'condition', 'event']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Excel stores the wall clock the user typed; exceljs hands it over as a Date with those UTC fields. */
const excelWall = (text: string) => new Date(`${text}Z`);

describe('xlsx journal import', { timeout: SLOW }, () => {
  let t: TestApp;
  let engineer: TestUser;

  beforeAll(async () => {
    t = await build();
    engineer = await t.createUser({ permissions: ['alarm-mock-view'] });
  }, SLOW);
  afterAll(() => t?.close());

  const upload = (content: Buffer) => {
    const { payload, headers } = multipartFile(content, 'journal.xlsx');
    return t.app.inject({
      method: 'POST',
      url: '/api/alarm/mock/import',
      payload,
      headers: { ...headers, ...engineer.authorization },
    });
  };

  const events = () =>
    queryRows<{ tag: string; event: string; priority: string; time: string; value: number | string | null }>(
      t.database.db,
      sql`select p.tag, e.event, e.priority, to_char(e.time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS') as time,
            coalesce(e.value_number::text, e.value_text) as value
          from alarm_events e join alarm_points p on p.id = e.point_id order by e.time, p.tag, e.event`,
    );

  it('reads date cells and text times in the plant zone, any-case columns in any order, Chinese priorities', async () => {
    const file = await workbook(
      ['TAG', 'Event', 'time', 'Condition', 'PRIORITY', 'console', 'Unit', 'Value'],
      [
        ['FI-101', 'alm', excelWall('2025-03-01T08:00:00'), 'PVHI', '高', '一号操作台', '常减压', 12.5],
        ['FI-101', 'RTN', '2025-03-01T00:00:30Z', 'PVHI', '', '一号操作台', '常减压'],
        ['TI-202', 'Alm', '2025-03-01 08:01:00.250', 'PVLO', '紧急', '一号操作台', '常减压', 'OPEN'],
        ['TI-202', 'ack', '2025-03-01T08:02:00+08:00', 'PVLO', '中', '一号操作台', '常减压'],
        ['LI-303', 'ALM', excelWall('2025-03-01T08:03:00'), 'PVLL', '低', '一号操作台', '常减压'],
        // An exact duplicate of the row above.
        ['LI-303', 'ALM', '2025-03-01 08:03:00', 'PVLL', 'low', '一号操作台', '常减压'],
      ],
    );
    const response = await upload(file);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 0, msg: 'ok', data: { imported: 5, duplicates: 1, errors: [] } });
    expect(await events()).toEqual([
      { tag: 'FI-101', event: 'ALM', priority: 'high', time: '2025-03-01T00:00:00.000', value: '12.5' },
      { tag: 'FI-101', event: 'RTN', priority: 'high', time: '2025-03-01T00:00:30.000', value: null },
      { tag: 'TI-202', event: 'ALM', priority: 'urgent', time: '2025-03-01T00:01:00.250', value: 'OPEN' },
      { tag: 'TI-202', event: 'ACK', priority: 'medium', time: '2025-03-01T00:02:00.000', value: null },
      { tag: 'LI-303', event: 'ALM', priority: 'low', time: '2025-03-01T00:03:00.000', value: null },
    ]);
    const points = await queryRows<{ tag: string; status: string }>(
      t.database.db,
      sql`select tag, rationalization_status as status from alarm_points order by tag`,
    );
    expect(points).toEqual([
      { tag: 'FI-101', status: '待确认' },
      { tag: 'LI-303', status: '待确认' },
      { tag: 'TI-202', status: '待确认' },
    ]);
  });

  it('stores nothing when one row is bad and reports each bad row and column', async () => {
    const before = await events();
    const file = await workbook(
      ['time', 'tag', 'condition', 'event', 'priority'],
      [
        ['2025-03-02 08:00:00', 'PI-1', 'PVHI', 'ALM', 'low'],
        ['2025-03-02 08:00:10', 'PI-1', 'PVHI', 'BOOM', 'low'],
        ['2025-03-02 08:00:20', 'PI-2', 'PVHI', 'ALM', '特急'],
        ['昨天', 'PI-3', 'PVHI', 'ALM', 'high'],
      ],
    );
    const response = await upload(file);
    expect(response.statusCode, response.body).toBe(422);
    const body = response.json();
    expect(body).toMatchObject({ code: 1, data: { imported: 0 } });
    expect(body.data.errors.map((error: { row: number; column: string }) => [error.row, error.column])).toEqual([
      [3, 'event'],
      [4, 'priority'],
      [5, 'time'],
    ]);
    for (const error of body.data.errors) expect(error.message).toMatch(/[\u4e00-\u9fff]/);
    expect(await events()).toEqual(before);
    const created = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from alarm_points where tag like 'PI-%'`,
    );
    expect(created).toEqual([{ n: 0 }]);
  });
});
