/**
 * Imported events carry their unit's operating condition (工况) at their time — the latest switch at or
 * before it — so the KPI summary can be filtered by condition; a unit without switches tags nothing. A switch
 * recorded later (back-dated) re-tags the events already stored from its time on.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/repositories/raw-sql';
import { build, multipartFile, SLOW, type TestApp, type TestUser } from './helpers';

const MIN = 60_000;
const T0 = Date.UTC(2025, 5, 1, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString();

describe('operating-condition tagging', { timeout: SLOW }, () => {
  let t: TestApp;
  let admin: TestUser;
  let unitId: number;
  let idOf: (name: string) => number | undefined;

  beforeAll(async () => {
    t = await build();
    admin = await t.createUser({ roles: ['管理员'] });
    const db = t.database.db;
    const [unit] = await queryRows<{ id: number }>(db, sql`insert into units (name) values ('工况装置') returning id`);
    unitId = unit.id;
    const conditions = await queryRows<{ id: number; name: string }>(
      db,
      sql`insert into operating_conditions (unit_id, name)
          values (${unit.id}, '正常运行'), (${unit.id}, '开车'), (${unit.id}, '停车')
          returning id, name`,
    );
    idOf = (name: string) => conditions.find((row) => row.name === name)?.id;
    // 正常运行 from T0, 开车 from T0 + 30 min: the switch instant belongs to the new condition.
    await db.execute(sql`
      insert into operating_condition_switches (unit_id, condition_id, switched_at, switched_by) values
        (${unit.id}, ${idOf('正常运行')}, ${iso(T0)}, 'admin'),
        (${unit.id}, ${idOf('开车')}, ${iso(T0 + 30 * MIN)}, 'admin')`);
  }, SLOW);
  afterAll(() => t?.close());

  const importLines = async (lines: string[]) => {
    const { payload, headers } = multipartFile(lines.join('\n'), 'journal.csv');
    return t.app.inject({
      method: 'POST',
      url: '/api/alarm/mock/import',
      payload,
      headers: { ...headers, ...admin.authorization },
    });
  };

  const summary = async (from: number, to: number, condition?: string) => {
    const scope = condition ? `&condition=${encodeURIComponent(condition)}` : '';
    const response = await t.app.inject({
      url: `/api/kpi/summary?from=${iso(from)}&to=${iso(to)}${scope}`,
      headers: admin.authorization,
    });
    expect(response.statusCode).toBe(200);
    return response.json().data;
  };

  it('tags each event with the condition active at its time and filters the KPI summary by it', async () => {
    const lines = ['time,tag,condition,event,priority,console,unit'];
    const add = (time: number, tag: string, unit: string) =>
      lines.push(
        `${iso(time)},${tag},PVHI,ALM,low,工况操作台,${unit}`,
        `${iso(time + 20_000)},${tag},PVHI,RTN,low,工况操作台,${unit}`,
      );
    add(T0 - 5 * MIN, 'BEFORE-1', '工况装置'); // before the first switch: no condition
    add(T0 + 5 * MIN, 'RUN-1', '工况装置');
    add(T0 + 12 * MIN, 'RUN-2', '工况装置');
    add(T0 + 30 * MIN, 'START-1', '工况装置');
    add(T0 + 45 * MIN, 'START-2', '工况装置');
    add(T0 + 50 * MIN, 'START-3', '工况装置');
    add(T0 + 10 * MIN, 'OTHER-1', '无工况装置');
    const imported = await importLines(lines);
    expect(imported.json()).toMatchObject({ code: 0, data: { imported: 14 } });

    const tags = await queryRows<{ tag: string; condition: string | null }>(
      t.database.db,
      sql`select distinct p.tag, e.operating_condition as condition from alarm_events e
          join alarm_points p on p.id = e.point_id order by p.tag`,
    );
    expect(tags).toEqual([
      { tag: 'BEFORE-1', condition: null },
      { tag: 'OTHER-1', condition: null },
      { tag: 'RUN-1', condition: '正常运行' },
      { tag: 'RUN-2', condition: '正常运行' },
      { tag: 'START-1', condition: '开车' },
      { tag: 'START-2', condition: '开车' },
      { tag: 'START-3', condition: '开车' },
    ]);

    const hour = (condition?: string) => summary(T0 - 60 * MIN, T0 + 60 * MIN, condition);
    expect((await hour()).annunciations).toBe(7);
    const starting = await hour('开车');
    expect(starting.annunciations).toBe(3);
    expect(starting.top10.map((point: { tag: string }) => point.tag)).toEqual(['START-1', 'START-2', 'START-3']);
    const running = await hour('正常运行');
    expect(running.annunciations).toBe(2);
    expect(running.top10.map((point: { tag: string }) => point.tag)).toEqual(['RUN-1', 'RUN-2']);
    expect((await hour('停车')).annunciations).toBe(0);
  });

  it('re-tags stored events, episodes and rollups from the time of a back-dated switch', async () => {
    const lines = ['time,tag,condition,event,priority,console,unit'];
    const alarm = (time: number, tag: string) =>
      lines.push(
        `${iso(time)},${tag},PVHI,ALM,low,工况操作台,工况装置`,
        `${iso(time + 8_000)},${tag},PVHI,RTN,low,工况操作台,工况装置`,
      );
    alarm(T0 + 70 * MIN, 'LATE-1');
    // Three annunciations within 60 s: a chattering run.
    for (const second of [0, 20, 40]) alarm(T0 + 80 * MIN + second * 1000, 'LATE-2');
    expect((await importLines(lines)).json()).toMatchObject({ code: 0, data: { imported: 8 } });
    // The whole UTC day: the KPI summary reads the 10-minute and daily rollups.
    const day = (condition: string) => summary(T0, T0 + 24 * 60 * MIN, condition);
    expect(await day('开车')).toMatchObject({ annunciations: 7, chatteringCount: 1 });

    const switched = await t.app.inject({
      method: 'POST',
      url: '/api/alarm/op/working/switch',
      payload: { unitId, conditionId: idOf('停车'), switchedAt: iso(T0 + 75 * MIN) },
      headers: admin.authorization,
    });
    expect(switched.statusCode).toBe(200);

    const tags = await queryRows<{ tag: string; condition: string | null }>(
      t.database.db,
      sql`select distinct p.tag, e.operating_condition as condition from alarm_events e
          join alarm_points p on p.id = e.point_id where p.tag like 'LATE-%' or p.tag like 'START-%' order by p.tag`,
    );
    expect(tags).toEqual([
      { tag: 'LATE-1', condition: '开车' },
      { tag: 'LATE-2', condition: '停车' },
      { tag: 'START-1', condition: '开车' },
      { tag: 'START-2', condition: '开车' },
      { tag: 'START-3', condition: '开车' },
    ]);
    const stopped = await day('停车');
    expect(stopped).toMatchObject({ annunciations: 3, chatteringCount: 1 });
    expect(stopped.top10).toEqual([{ tag: 'LATE-2', condition: 'PVHI', count: 3, share: 100 }]);
    const starting = await day('开车');
    expect(starting).toMatchObject({ annunciations: 4, chatteringCount: 0 });
    expect(starting.top10.map((point: { tag: string }) => point.tag)).toEqual([
      'LATE-1',
      'START-1',
      'START-2',
      'START-3',
    ]);
    // Events of the unit before the switch keep their condition; the other unit's stay untagged.
    expect((await day('正常运行')).annunciations).toBe(2);
  });
});
