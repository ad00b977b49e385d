/** 报警列表 endpoints: list, export, detail, edit with concurrency and audit, remove, handle, confirm, import. */

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STALE_POINT_MESSAGE } from '../../common/alarmLibrary';
import { queryRows } from '../../server/repositories/raw-sql';
import libraryRoutes from '../../server/routes/library';
import { build, multipartFile, readWorkbook, SLOW, type TestApp, type TestUser } from './helpers';

const JOURNAL = [
  // FIC-101 PVHI: activated and acknowledged → C.
  {
    time: '2026-01-05T08:00:00Z',
    tag: 'FIC-101',
    condition: 'PVHI',
    event: 'ALM',
    priority: 'high',
    console: '一号台',
    unit: '常减压',
  },
  { time: '2026-01-05T08:00:10Z', tag: 'FIC-101', condition: 'PVHI', event: 'ACK', console: '一号台', unit: '常减压' },
  // FIC-101 PVLO: returned, never acknowledged → D.
  {
    time: '2026-01-05T08:01:00Z',
    tag: 'FIC-101',
    condition: 'PVLO',
    event: 'ALM',
    priority: 'low',
    console: '一号台',
    unit: '常减压',
  },
  { time: '2026-01-05T08:02:00Z', tag: 'FIC-101', condition: 'PVLO', event: 'RTN', console: '一号台', unit: '常减压' },
  // TIC-201 PVHH: active, unacknowledged → B.
  {
    time: '2026-01-05T08:03:00Z',
    tag: 'TIC-201',
    condition: 'PVHH',
    event: 'ALM',
    priority: 'urgent',
    console: '二号台',
    unit: '催化',
  },
  // LIC-301 PVHI: shelved → E.
  {
    time: '2026-01-05T08:04:00Z',
    tag: 'lic-301',
    condition: 'PVHI',
    event: 'SHLV',
    priority: 'medium',
    console: '二号台',
    unit: '催化',
  },
];

interface Listed {
  id: number;
  tag: string;
  condition: string;
  state: string;
  version: number;
  openAbnormal: string[];
  [key: string]: unknown;
}

describe('alarm library API', { timeout: SLOW }, () => {
  let t: TestApp;
  let viewer: TestUser;
  let engineer: TestUser;
  let outsider: TestUser;
  const ids: Record<string, number> = {};

  const sqlRows = <T>(text: string) => queryRows<T>(t.database.db, sql.raw(text));

  beforeAll(async () => {
    t = await build();
    await t.app.register(libraryRoutes, {
      prefix: '/api/limited',
      limits: { maxBytes: 400, maxRows: 2, maxErrors: 5 },
    });
    const feeder = await t.createUser({ permissions: ['alarm-mock-view'] });
    viewer = await t.createUser({ permissions: ['alarm-bases-list-view', 'alarm-bases-abnormal-view'] });
    engineer = await t.createUser({
      username: 'engineer',
      permissions: ['view', 'edit', 'remove', 'handle', 'confirm'].map((action) => `alarm-bases-list-${action}`),
    });
    outsider = await t.createUser({ permissions: ['alarm-board-over-view'] });
    const fed = await t.app.inject({
      method: 'POST',
      url: '/api/alarm/mock/events',
      headers: feeder.authorization,
      payload: JOURNAL,
    });
    expect(fed.json()).toMatchObject({ code: 0, data: { imported: JOURNAL.length } });
    for (const row of await sqlRows<{ id: number; tag: string; condition: string }>(
      'select id, tag, condition from alarm_points',
    )) {
      ids[`${row.tag} ${row.condition}`] = row.id;
    }
    await t.database.db.execute(
      `insert into abnormal_alarms (point_id, kind, first_seen, last_seen, count) values
        (${ids['FIC-101 PVHI']}, 'chattering', '2026-01-05T08:00:00Z', '2026-01-05T09:00:00Z', 12),
        (${ids['FIC-101 PVHI']}, 'frequent', '2026-01-05T00:00:00Z', '2026-01-05T23:00:00Z', 60),
        (${ids['TIC-201 PVHH']}, 'standing', '2026-01-05T08:03:00Z', '2026-01-06T08:03:00Z', 1)` as never,
    );
  }, SLOW);
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, as: TestUser = engineer, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: as.authorization, ...(payload ? { payload } : {}) });
  const list = async (query = '', as: TestUser = viewer) => {
    const response = await call('GET', `/alarm/bases/list${query}`, as);
    expect(response.statusCode).toBe(200);
    return response.json().data as { list: Listed[]; total: number };
  };
  const detail = async (id: number) => (await call('GET', `/alarm/bases/list/${id}`, viewer)).json().data;
  const editBody = (point: Listed, changes: object = {}) => ({
    version: point.version,
    description: point.description,
    unitId: point.unitId,
    equipmentId: point.equipmentId,
    consoleId: point.consoleId,
    systemType: point.systemType,
    limitValue: point.limitValue,
    engineeringUnit: point.engineeringUnit,
    rangeLow: point.rangeLow,
    rangeHigh: point.rangeHigh,
    deadband: point.deadband,
    onDelaySeconds: point.onDelaySeconds,
    offDelaySeconds: point.offDelaySeconds,
    priority: point.priority,
    alarmClass: point.alarmClass,
    cause: point.cause,
    consequence: point.consequence,
    operatorResponse: point.operatorResponse,
    maxResponseMinutes: point.maxResponseMinutes,
    enabled: point.enabled,
    ...changes,
  });
  const pointOf = async (key: string) =>
    (await list(`?pageSize=200`)).list.find((row) => `${row.tag} ${row.condition}` === key) as Listed;
  const upload = (content: string | Buffer, fileName?: string, prefix = '/api') => {
    const { payload, headers } = multipartFile(content, fileName ?? 'library.csv');
    return t.app.inject({
      method: 'POST',
      url: `${prefix}/alarm/bases/list/import`,
      payload,
      headers: { ...headers, ...engineer.authorization },
    });
  };

  describe('list', () => {
    it('pages the library in tag order with names, ISA-18.2 state and open abnormal kinds', async () => {
      const page = await list('?current=1&pageSize=2');
      expect(page.total).toBe(4);
      expect(page.list.map((row) => `${row.tag} ${row.condition}`)).toEqual(['FIC-101 PVHI', 'FIC-101 PVLO']);
      expect(page.list[0]).toMatchObject({
        unit: '常减压',
        console: '一号台',
        priority: 'high',
        rationalizationStatus: '待确认',
        version: 1,
        state: 'C',
        openAbnormal: ['chattering', 'frequent'],
      });
      const all = (await list()).list;
      expect(Object.fromEntries(all.map((row) => [`${row.tag} ${row.condition}`, row.state]))).toEqual({
        'FIC-101 PVHI': 'C',
        'FIC-101 PVLO': 'D',
        'TIC-201 PVHH': 'B',
        'lic-301 PVHI': 'E',
      });
    });

    it('filters by tag prefix (case-insensitive), plant rows, condition, priority, status and abnormal kind', async () => {
      const tags = async (query: string) => (await list(query)).list.map((row) => `${row.tag} ${row.condition}`);
      expect(await tags('?tag=fic')).toEqual(['FIC-101 PVHI', 'FIC-101 PVLO']);
      expect(await tags('?tag=LIC')).toEqual(['lic-301 PVHI']);
      expect(await tags('?tag=%25')).toEqual([]);
      const [unit] = await sqlRows<{ id: number }>("select id from units where name = '催化'");
      expect(await tags(`?unitId=${unit.id}`)).toEqual(['TIC-201 PVHH', 'lic-301 PVHI']);
      const [console] = await sqlRows<{ id: number }>("select id from consoles where name = '一号台'");
      expect(await tags(`?consoleId=${console.id}&condition=PVLO`)).toEqual(['FIC-101 PVLO']);
      expect(await tags('?priority=urgent')).toEqual(['TIC-201 PVHH']);
      expect(await tags('?abnormalKind=standing')).toEqual(['TIC-201 PVHH']);
      expect(await tags('?rationalizationStatus=%E5%B7%B2%E7%A1%AE%E8%AE%A4')).toEqual([]);
    });

    it('sorts by priority severity and by last update', async () => {
      const byPriority = (await list('?sortField=priority&sortOrder=ascend')).list.map((row) => row.priority);
      expect(byPriority).toEqual(['urgent', 'high', 'medium', 'low']);
      const descending = (await list('?sortField=priority&sortOrder=descend')).list.map((row) => row.priority);
      expect(descending).toEqual(['low', 'medium', 'high', 'urgent']);
    });

    it('refuses bad queries with code 1 and callers without the permission', async () => {
      const tooLarge = await call('GET', '/alarm/bases/list?pageSize=500', viewer);
      expect(tooLarge.statusCode).toBe(400);
      expect(tooLarge.json().code).toBe(1);
      expect((await call('GET', '/alarm/bases/list?priority=severe', viewer)).statusCode).toBe(400);
      expect((await t.app.inject({ method: 'GET', url: '/api/alarm/bases/list' })).statusCode).toBe(401);
      const forbidden = await call('GET', '/alarm/bases/list', outsider);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().msg).toContain('alarm-bases-list-view');
    });

    it('answers the options the filters and the form choose from', async () => {
      const { data } = (await call('GET', '/alarm/bases/list/options', viewer)).json();
      expect(data.units.map((unit: { name: string }) => unit.name)).toEqual(['催化', '常减压']);
      expect(data.priorities.map((priority: { code: string }) => priority.code)).toEqual([
        'urgent',
        'high',
        'medium',
        'low',
      ]);
      expect(data.conditions[0]).toEqual({ code: 'PVHI', name: '高报', color: '#fa8c16' });
    });
  });

  describe('detail and changes', () => {
    it('shows the state, recent events, abnormal records and an empty audit trail', async () => {
      const data = await detail(ids['FIC-101 PVHI']);
      expect(data.state).toMatchObject({ letter: 'C', active: true, acked: true, shelved: false });
      expect(data.events.map((event: { event: string }) => event.event)).toEqual(['ACK', 'ALM']);
      expect(data.events[1]).toMatchObject({ time: '2026-01-05T08:00:00.000Z', priority: 'high', console: '一号台' });
      expect(data.abnormal.map((record: { kind: string }) => record.kind).sort()).toEqual(['chattering', 'frequent']);
      expect(data.changes).toEqual([]);
      expect((await call('GET', '/alarm/bases/list/99999', viewer)).statusCode).toBe(404);
    });

    it('edits a point, bumps its version and audits each changed field', async () => {
      const point = await pointOf('FIC-101 PVLO');
      const response = await call(
        'PUT',
        `/alarm/bases/list/${point.id}`,
        engineer,
        editBody(point, { limitValue: 12.5, deadband: 0.5, priority: 'medium', description: ' 进料流量低 ' }),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({
        version: 2,
        limitValue: 12.5,
        deadband: 0.5,
        priority: 'medium',
        description: '进料流量低',
        updatedBy: 'engineer',
      });
      const { changes } = await detail(point.id);
      expect(
        changes.map((change: { field: string; before: string | null; after: string | null }) => [
          change.field,
          change.before,
          change.after,
        ]),
      ).toEqual(
        expect.arrayContaining([
          ['description', '', '进料流量低'],
          ['limitValue', null, '12.5'],
          ['deadband', null, '0.5'],
          ['priority', 'low', 'medium'],
        ]),
      );
      expect(changes).toHaveLength(4);
      expect(changes[0]).toMatchObject({ changedBy: 'engineer', source: 'library', changeRequestId: null });

      // The same values again change nothing: no new version, no audit rows.
      const again = await call(
        'PUT',
        `/alarm/bases/list/${point.id}`,
        engineer,
        editBody(
          { ...point, version: 2 },
          { limitValue: 12.5, deadband: 0.5, priority: 'medium', description: '进料流量低' },
        ),
      );
      expect(again.json().data.version).toBe(2);
      expect((await detail(point.id)).changes).toHaveLength(4);
    });

    it('refuses an edit against a stale version with 409 and stores nothing', async () => {
      const point = await pointOf('TIC-201 PVHH');
      const first = await call('PUT', `/alarm/bases/list/${point.id}`, engineer, editBody(point, { limitValue: 300 }));
      expect(first.statusCode).toBe(200);
      const stale = await call('PUT', `/alarm/bases/list/${point.id}`, engineer, editBody(point, { limitValue: 400 }));
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ code: 1, msg: STALE_POINT_MESSAGE, data: null });
      expect((await pointOf('TIC-201 PVHH')).limitValue).toBe(300);
    });

    it('validates the settings with messages naming the field', async () => {
      const point = await pointOf('FIC-101 PVHI');
      const refusal = async (changes: object) => {
        const response = await call('PUT', `/alarm/bases/list/${point.id}`, engineer, editBody(point, changes));
        return { status: response.statusCode, code: response.json().code, msg: response.json().msg as string };
      };
      expect(await refusal({ deadband: -1 })).toEqual({ status: 400, code: 1, msg: '死区必须 ≥ 0' });
      expect((await refusal({ onDelaySeconds: 1.5 })).msg).toBe('开延时（秒）必须是 0 到 86400 之间的整数');
      expect((await refusal({ rangeLow: 10, rangeHigh: 5 })).msg).toContain('量程下限必须小于量程上限');
      expect((await refusal({ priority: 'severe' })).status).toBe(400);
      expect((await refusal({ systemType: 'XYZ' })).msg).toBe('系统类型「XYZ」不存在');
      expect((await refusal({ unitId: 99999 })).msg).toBe('所选装置不存在，请刷新后重新选择');
      const { version, ...withoutVersion } = editBody(point);
      expect(version).toBe(1);
      expect((await call('PUT', `/alarm/bases/list/${point.id}`, engineer, withoutVersion)).statusCode).toBe(400);
      expect((await pointOf('FIC-101 PVHI')).version).toBe(1);
    });

    it('puts equipment only under its own unit', async () => {
      const point = await pointOf('FIC-101 PVHI');
      const [equipment] = await sqlRows<{ id: number }>(
        "insert into equipment (unit_id, name) select id, 'P-101' from units where name = '催化' returning id",
      );
      const response = await call(
        'PUT',
        `/alarm/bases/list/${point.id}`,
        engineer,
        editBody(point, { equipmentId: equipment.id }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().msg).toBe('设备「P-101」不属于所选装置，请重新选择');
    });

    it('lets only holders of the action edit, remove, handle and confirm', async () => {
      const point = await pointOf('FIC-101 PVHI');
      for (const [method, url, action] of [
        ['PUT', `/alarm/bases/list/${point.id}`, 'edit'],
        ['DELETE', `/alarm/bases/list/${point.id}`, 'remove'],
        ['POST', `/alarm/bases/list/${point.id}/handle`, 'handle'],
        ['POST', `/alarm/bases/list/${point.id}/confirm`, 'confirm'],
        ['POST', '/alarm/bases/list/import', 'edit'],
      ] as const) {
        const response = await call(method, url, viewer, method === 'DELETE' ? undefined : {});
        expect(response.statusCode).toBe(403);
        expect(response.json().msg).toContain(`alarm-bases-list-${action}`);
      }
    });

    it('confirms the rationalization of a complete record with who and when, audited', async () => {
      const point = await pointOf('lic-301 PVHI');
      const incomplete = await call('POST', `/alarm/bases/list/${point.id}/confirm`, engineer);
      expect(incomplete.statusCode).toBe(409);
      expect(incomplete.json().msg).toMatch(/^合理化记录不完整，缺少：原因、/);
      const saved = await call('PUT', `/alarm/bases/list/${point.id}/rationalization`, engineer, {
        version: point.version,
        cause: '进料波动',
        consequence: '塔液位过高',
        severities: { people: 'none', environment: 'minor', asset: 'severe' },
        maxResponseMinutes: 20,
        operatorResponse: '关小进料阀',
        verification: '液位回落',
        alarmClass: '一般',
        notes: '',
        justification: '',
      });
      expect(saved.json().data).toMatchObject({ suggestedPriority: 'medium', mismatch: false, missing: [] });
      const response = await call('POST', `/alarm/bases/list/${point.id}/confirm`, engineer);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({
        rationalizationStatus: '已确认',
        confirmedBy: 'engineer',
        confirmedAt: expect.stringMatching(/^\d{4}-/),
        version: point.version + 2,
      });
      const changes = (await detail(point.id)).changes as { field: string; after: string | null }[];
      expect(
        changes
          .slice(0, 3)
          .map((change) => change.field)
          .sort(),
      ).toEqual(['confirmedAt', 'confirmedBy', 'rationalizationStatus']);
    });

    it('handles a point: the note is required, its open abnormal records close, a second time is refused', async () => {
      const id = ids['FIC-101 PVHI'];
      const blank = await call('POST', `/alarm/bases/list/${id}/handle`, engineer, { note: '  ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().msg).toBe('处置说明不能为空');
      const handled = await call('POST', `/alarm/bases/list/${id}/handle`, engineer, { note: '已调整死区' });
      expect(handled.json()).toEqual({ code: 0, msg: 'ok', data: { closed: 2 } });
      const records = (await detail(id)).abnormal;
      expect(records.every((record: { status: string }) => record.status === '已处置')).toBe(true);
      expect(records[0]).toMatchObject({ handledBy: 'engineer', note: '已调整死区' });
      expect((await call('POST', `/alarm/bases/list/${id}/handle`, engineer, { note: '再次' })).statusCode).toBe(409);
    });

    it('removes a point softly: hidden from the list, history kept, edits refused', async () => {
      const point = await pointOf('lic-301 PVHI');
      expect((await call('DELETE', `/alarm/bases/list/${point.id}`, engineer)).json()).toEqual({
        code: 0,
        msg: 'ok',
        data: { id: point.id },
      });
      expect((await list()).list.some((row) => row.id === point.id)).toBe(false);
      expect((await call('GET', `/alarm/bases/list/${point.id}`, viewer)).statusCode).toBe(404);
      expect((await call('DELETE', `/alarm/bases/list/${point.id}`, engineer)).statusCode).toBe(404);
      const kept = await sqlRows<{ field: string }>(
        `select field from alarm_point_changes where point_id = ${point.id} and field = 'deleted'`,
      );
      expect(kept).toHaveLength(1);
      const events = await sqlRows<{ n: number }>(
        `select count(*)::int as n from alarm_events where point_id = ${point.id}`,
      );
      expect(events[0].n).toBe(1);
    });
  });

  describe('export and import', () => {
    it('exports the current filter with the import columns', async () => {
      const response = await call('GET', '/alarm/bases/list/export?tag=FIC', viewer);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toMatch(/alarm-library-\d{14}\.xlsx/);
      const workbook = await readWorkbook(response.rawPayload);
      const sheet = workbook.worksheets[0];
      expect((sheet.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['位号', '报警类型', '描述']);
      expect(sheet.rowCount).toBe(3);
      expect((sheet.getRow(3).values as unknown[]).slice(1, 3)).toEqual(['FIC-101', 'PVLO']);
    });

    it('says how many rows it holds before the first one is sent (x-row-count)', async () => {
      const filtered = await call('GET', '/alarm/bases/list/export?tag=FIC', viewer);
      expect(filtered.headers['x-row-count']).toBe('2');
      const everything = await call('GET', '/alarm/bases/list/export', viewer);
      const listed = (await call('GET', '/alarm/bases/list?pageSize=1', viewer)).json().data;
      expect(everything.headers['x-row-count']).toBe(String(listed.total));
    });

    it('re-imports its own export unchanged (xlsx round trip)', async () => {
      const exported = await call('GET', '/alarm/bases/list/export', viewer);
      const response = await upload(exported.rawPayload, 'library.xlsx');
      expect(response.json()).toEqual({
        code: 0,
        msg: 'ok',
        data: { created: 0, updated: 0, unchanged: 3, errors: [] },
      });
    });

    it('creates and updates points from a CSV, creating plant rows, audited as import', async () => {
      const csv = [
        '位号,报警类型,描述,装置,设备,操作台,优先级,死区,开延时(秒),启用',
        'PIC-401,PVLO,压缩机入口压力低,加氢,K-401,三号台,紧急,0.2,5,是',
        'FIC-101,PVHI,进料流量高,常减压,,一号台,high,1,,否',
      ].join('\n');
      const response = await upload(csv);
      expect(response.json()).toEqual({
        code: 0,
        msg: 'ok',
        data: { created: 1, updated: 1, unchanged: 0, errors: [] },
      });
      const created = await pointOf('PIC-401 PVLO');
      expect(created).toMatchObject({
        unit: '加氢',
        equipment: 'K-401',
        console: '三号台',
        priority: 'urgent',
        deadband: 0.2,
        onDelaySeconds: 5,
        createdBy: 'engineer',
        rationalizationStatus: '待确认',
      });
      const updated = await pointOf('FIC-101 PVHI');
      expect(updated).toMatchObject({ description: '进料流量高', deadband: 1, enabled: false, version: 2 });
      const changes = (await detail(updated.id)).changes;
      expect(changes.map((change: { field: string }) => change.field).sort()).toEqual([
        'deadband',
        'description',
        'enabled',
      ]);
      expect(changes[0]).toMatchObject({ source: 'import', changedBy: 'engineer' });
      expect((await detail(created.id)).changes).toMatchObject([{ field: 'created', source: 'import' }]);
    });

    it('stores nothing when any row is bad and reports each row and column', async () => {
      const before = await sqlRows<{ n: number }>('select count(*)::int as n from alarm_points');
      const csv = [
        '位号,报警类型,优先级,死区,系统类型',
        'NEW-1,PVHI,低,1,DCS',
        'NEW-2,XXXX,低,1,DCS',
        'NEW-3,PVHI,很高,-1,ABC',
        'NEW-1,PVHI,低,1,DCS',
      ].join('\n');
      const response = await upload(csv);
      expect(response.statusCode).toBe(422);
      const body = response.json();
      expect(body.code).toBe(1);
      expect(body.msg).toBe('文件中有 5 处错误，未导入任何数据：请按错误报告修改后重新导入');
      expect(body.data.created).toBe(0);
      expect(body.data.errors.map((error: { row: number; column: string }) => [error.row, error.column])).toEqual([
        [3, '报警类型'],
        [4, '优先级'],
        [4, '系统类型'],
        [4, '死区'],
        [5, '位号'],
      ]);
      expect(body.data.errors[0].message).toContain('报警类型「XXXX」不存在');
      const after = await sqlRows<{ n: number }>('select count(*)::int as n from alarm_points');
      expect(after[0].n).toBe(before[0].n);
    });

    it('refuses a file without the required columns, a non-multipart request and the limits', async () => {
      const header = await upload('描述,装置\nx,y');
      expect(header.statusCode).toBe(422);
      expect(header.json().data.errors.map((error: { column: string }) => error.column)).toEqual(['位号', '报警类型']);
      const json = await call('POST', '/alarm/bases/list/import', engineer, {});
      expect(json.statusCode).toBe(400);
      expect(json.json().msg).toContain('multipart/form-data');
      const rows = await upload('位号,报警类型\nA,PVHI\nB,PVHI\nC,PVHI', 'many.csv', '/api/limited');
      expect(rows.statusCode).toBe(413);
      expect(rows.json().msg).toContain('行数过多');
      const bytes = await upload(`位号,报警类型,描述\nA,PVHI,${'长'.repeat(400)}`, 'big.csv', '/api/limited');
      expect(bytes.statusCode).toBe(413);
      expect(bytes.json().msg).toContain('文件过大');
    });
  });
});
