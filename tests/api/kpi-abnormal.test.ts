/** /api/kpi/* over a hand-made journal, 异常报警配置 settings and detection. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectAbnormal } from '../../server/domain/kpi/detection';
import { computeKpiSummary } from '../../server/domain/kpi/summary';
import type { JournalEvent } from '../../server/domain/kpi/types';
import { createDetectionRepository } from '../../server/repositories/detection';
import { queryRows } from '../../server/repositories/raw-sql';
import { alm, almSeries, at, ev, journal as sorted } from '../unit/kpi/journal';
import { build, SLOW, type TestApp, type TestUser } from './helpers';

const MIN = 60_000;
const T0 = Date.UTC(2025, 4, 1, 0, 0); // 08:00 in the plant (Asia/Shanghai)

/** docs/domain.md's worked example: buckets 3, 12, 7, 4, 10, 0; point A chatters in bucket 1. */
function workedExample(): (JournalEvent & { console: string })[] {
  const events: (JournalEvent & { console: string })[] = [];
  let distinct = 0;
  const add = (time: number, tag: string) =>
    events.push({
      time,
      tag,
      condition: 'PVHI',
      event: 'ALM',
      priority: distinct % 5 === 0 ? 'high' : 'low',
      console: '一号操作台',
    });
  [3, 12, 7, 4, 10, 0].forEach((n, k) => {
    for (let i = 0; i < n; i++) {
      if (k === 1 && i < 3) add(T0 + 10 * MIN + [60_000, 80_000, 110_000][i], 'A');
      else add(T0 + k * 10 * MIN + (i + 1) * 1000, `P${++distinct}`);
    }
  });
  return events.sort((a, b) => a.time - b.time);
}

const iso = (ms: number) => new Date(ms).toISOString();

describe('KPI endpoints and abnormal-alarm configuration', { timeout: SLOW }, () => {
  let t: TestApp;
  let admin: TestUser;
  let viewer: TestUser;
  const journal = workedExample();

  beforeAll(async () => {
    t = await build();
    admin = await t.createUser({ roles: ['管理员'] });
    viewer = await t.createUser({ permissions: ['alarm-board-over-view', 'alarm-base-config-view'] });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/alarm/mock/events',
      payload: journal.map((event) => ({ ...event, time: iso(event.time) })),
      headers: admin.authorization,
    });
    expect(response.json().data.imported).toBe(36);
  }, SLOW);
  afterAll(() => t?.close());

  const summary = (query: string, user = viewer) =>
    t.app.inject({ url: `/api/kpi/summary?${query}`, headers: user.authorization });

  it('answers the worked example of docs/domain.md, equal to the engine', async () => {
    const response = await summary(`from=${iso(T0)}&to=${iso(T0 + 60 * MIN)}`);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toEqual(computeKpiSummary(journal, { from: T0, to: T0 + 60 * MIN }));
    expect(data).toMatchObject({
      annunciations: 36,
      avgPer10Min: 6,
      avgPerHour: 36,
      periodsOver: 1,
      peak10Min: 12,
      peak10MinAt: iso(T0 + 10 * MIN),
      floods: [{ start: iso(T0 + 10 * MIN), end: iso(T0 + 30 * MIN), count: 19, peak: 12 }],
      chatteringCount: 1,
    });
    expect(data.top10Share).toBeCloseTo((12 / 36) * 100, 10);
  });

  it('handles cut buckets, scopes and empty scopes like the engine', async () => {
    const from = T0 + 7 * MIN + 13_000;
    const to = T0 + 44 * MIN;
    const cut = await summary(`from=${iso(from)}&to=${iso(to)}&console=${encodeURIComponent('一号操作台')}`);
    expect(cut.json().data).toEqual(computeKpiSummary(journal, { from, to }));
    const none = await summary(`from=${iso(from)}&to=${iso(to)}&console=nobody`);
    expect(none.json().data).toEqual(computeKpiSummary([], { from, to }));
  });

  it('validates the window', async () => {
    const reversed = await summary(`from=${iso(T0 + MIN)}&to=${iso(T0)}`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ code: 1, msg: expect.stringContaining('to') });
    const missing = await summary(`from=${iso(T0)}`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toContain('to');
  });

  it('gives series and rankings from the same counts', async () => {
    const series = await t.app.inject({
      url: `/api/kpi/series?from=${iso(T0)}&to=${iso(T0 + 60 * MIN)}&bucket=10m`,
      headers: viewer.authorization,
    });
    expect(series.json().data.map((point: { annunciations: number }) => point.annunciations)).toEqual([
      3, 12, 7, 4, 10, 0,
    ]);
    const hourly = await t.app.inject({
      url: `/api/kpi/series?from=${iso(T0)}&to=${iso(T0 + 60 * MIN)}&bucket=1h`,
      headers: viewer.authorization,
    });
    expect(hourly.json().data).toEqual([
      {
        start: iso(T0),
        end: iso(T0 + 60 * MIN),
        annunciations: 36,
        urgent: 0,
        high: journal.filter((event) => event.priority === 'high').length,
        medium: 0,
        low: journal.filter((event) => event.priority === 'low').length,
      },
    ]);
    const ranking = await t.app.inject({
      url: `/api/kpi/ranking?from=${iso(T0)}&to=${iso(T0 + 60 * MIN)}&by=console`,
      headers: viewer.authorization,
    });
    expect(ranking.json().data).toEqual([{ id: expect.any(Number), name: '一号操作台', annunciations: 36 }]);
  });

  it('sums the series into its buckets as the journal says, with cut edges, a scope and plant days', async () => {
    const from = T0 + 7 * MIN + 13_000;
    const to = T0 + 44 * MIN;
    const counted = (start: string, end: string) => {
      const inside = journal.filter(
        (event) => event.time >= Math.max(Date.parse(start), from) && event.time < Math.min(Date.parse(end), to),
      );
      const of = (priority: string) => inside.filter((event) => event.priority === priority).length;
      return {
        annunciations: inside.length,
        urgent: of('urgent'),
        high: of('high'),
        medium: of('medium'),
        low: of('low'),
      };
    };
    for (const query of [
      'bucket=10m',
      'bucket=1h',
      'bucket=1d',
      `bucket=10m&console=${encodeURIComponent('一号操作台')}`,
    ]) {
      const response = await t.app.inject({
        url: `/api/kpi/series?from=${iso(from)}&to=${iso(to)}&${query}`,
        headers: viewer.authorization,
      });
      const rows: { start: string; end: string; annunciations: number }[] = response.json().data;
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.reduce((sum, row) => sum + row.annunciations, 0)).toBe(counted(iso(from), iso(to)).annunciations);
      for (const row of rows) expect(row).toEqual({ start: row.start, end: row.end, ...counted(row.start, row.end) });
    }
  });

  it('draws the trend as an SVG picture of the asked size, labelled in plant time', async () => {
    const picture = await t.app.inject({
      url: `/api/kpi/series/picture?from=${iso(T0)}&to=${iso(T0 + 60 * MIN)}&bucket=10m&width=640&height=320`,
      headers: viewer.authorization,
    });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toContain('image/svg+xml');
    const svg = picture.body;
    expect(svg).toMatch(/^<svg[^>]* width="640" height="320"/);
    // Each bucket's count on its bar, the overload line, and the first bucket at 08:00 in the plant.
    for (const count of [3, 12, 7, 4, 10]) expect(svg).toContain(`>${count}</text>`);
    expect(svg).toContain('过载线 10');
    expect(svg).toContain('05-01 08:00');

    const tooWide = await t.app.inject({
      url: `/api/kpi/series/picture?from=${iso(T0)}&to=${iso(T0 + 60 * MIN)}&bucket=10m&width=99999&height=320`,
      headers: viewer.authorization,
    });
    expect(tooWide.statusCode).toBe(400);
    expect(tooWide.json()).toMatchObject({ code: 1, msg: expect.stringContaining('width') });
  });

  it('serves defaults, refuses bad settings, and the next query uses saved ones', async () => {
    const current = await t.app.inject({ url: '/api/alarm/base/config', headers: viewer.authorization });
    const { settings, defaults } = current.json().data;
    expect(settings).toEqual(defaults);
    expect(defaults.kpi).toEqual({
      overloadThreshold: 10,
      floodStart: 10,
      floodEnd: 5,
      chatterCount: 3,
      chatterSeconds: 60,
      fleetingSeconds: 5,
      staleHours: 24,
      frequentPerDay: 50,
    });

    const save = (body: object, user = admin) =>
      t.app.inject({ method: 'PUT', url: '/api/alarm/base/config', payload: body, headers: user.authorization });
    const floodEnd = await save({ ...settings, kpi: { ...settings.kpi, floodEnd: 11 } });
    expect(floodEnd.statusCode).toBe(400);
    expect(floodEnd.json().msg).toContain('floodEnd');
    const negative = await save({ ...settings, kpi: { ...settings.kpi, chatterSeconds: 0 } });
    expect(negative.json()).toMatchObject({ code: 1, msg: '参数 kpi.chatterSeconds 不合法：必须 ≥ 1' });
    expect((await save(settings, viewer)).statusCode).toBe(403);

    // Threshold 5 makes buckets 12, 7 and 10 overloaded; chatterCount 4 makes A no longer chattering.
    const changed = { ...settings, kpi: { ...settings.kpi, overloadThreshold: 5, chatterCount: 4 } };
    expect((await save(changed)).json().data.settings).toEqual(changed);
    const after = (await summary(`from=${iso(T0)}&to=${iso(T0 + 60 * MIN)}`)).json().data;
    expect(after).toEqual(computeKpiSummary(journal, { from: T0, to: T0 + 60 * MIN, settings: changed.kpi }));
    expect(after.periodsOver).toBe(3);
    expect(after.chatteringCount).toBe(0);
    await save(settings);
  });

  it('detects abnormal alarms idempotently', async () => {
    const detect = () =>
      t.app.inject({ method: 'POST', url: '/api/alarm/base/config/detect', headers: admin.authorization });
    const first = await detect();
    expect(first.statusCode).toBe(200);
    const records = () =>
      queryRows<{ tag: string; kind: string; count: number }>(
        t.database.db,
        sql`select p.tag, a.kind, a.count, a.status from abnormal_alarms a join alarm_points p on p.id = a.point_id order by p.tag, a.kind`,
      );
    const found = await records();
    expect(found).toContainEqual({ tag: 'A', kind: 'chattering', count: 3, status: '未处置' });
    expect(found.some((row) => row.kind === 'floodContributor')).toBe(true);
    await detect();
    expect(await records()).toEqual(found);
    expect((await detect()).json().data.open).toBe(found.length);
  });

  it('finds the same flood contributors when the flood count is cut into a statement per bucket', async () => {
    const config = (await t.app.inject({ url: '/api/alarm/base/config', headers: admin.authorization })).json().data;
    const save = (body: object) =>
      t.app.inject({ method: 'PUT', url: '/api/alarm/base/config', payload: body, headers: admin.authorization });
    // The flood's one top contributor is B, by its annunciations in both of the flood's buckets (2 + 2 > A's 3).
    expect((await save({ ...config.settings, floodContributorTop: 1 })).statusCode).toBe(200);
    const extra = [10 * MIN + 150_000, 10 * MIN + 160_000, 20 * MIN + 150_000, 20 * MIN + 160_000].map((offset) => ({
      time: iso(T0 + offset),
      tag: 'B',
      condition: 'PVHI',
      event: 'ALM',
      priority: 'low',
      console: '一号操作台',
    }));
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/alarm/mock/events',
      payload: extra,
      headers: admin.authorization,
    });
    expect(imported.json().data.imported).toBe(4);
    const contributors = () =>
      queryRows<{ tag: string; count: number; firstSeen: number; lastSeen: number }>(
        t.database.db,
        sql`select p.tag, a.count, (extract(epoch from a.first_seen) * 1000)::float8 as "firstSeen",
              (extract(epoch from a.last_seen) * 1000)::float8 as "lastSeen"
            from abnormal_alarms a join alarm_points p on p.id = a.point_id
            where a.kind = 'floodContributor' and a.status = '未处置' order by p.tag`,
      );
    const detectAfresh = async (floodEventsPerStatement?: number) => {
      await t.database.db.execute(sql`delete from abnormal_alarms where kind = 'floodContributor'`);
      await t.database.db.transaction((tx) =>
        createDetectionRepository(tx, { floodEventsPerStatement }).detect('Asia/Shanghai', undefined, tx),
      );
      return contributors();
    };
    const whole = await detectAfresh();
    expect(whole.map((row) => row.tag)).toContain('B');
    expect(whole.map((row) => row.tag)).not.toContain('A');
    expect(await detectAfresh(1)).toEqual(whole);
    await save(config.settings);
  });
});

/** One journal with every per-point behaviour; days are UTC, the plant day starts at 16:00 UTC. */
function behaviours(): JournalEvent[] {
  const [D0, D1, D2, D3] = ['2025-05-01', '2025-05-02', '2025-05-03', '2025-05-04'];
  const withReturns = (events: JournalEvent[], afterMs: number) =>
    events.flatMap((event) => [event, ev(event.time + afterMs, event.tag, 'RTN')]);
  return sorted(
    // Chattering: runs [0..2] and [2..4] cover 5 annunciations (run [1..3] spans 70 s); the 6th is in none.
    withReturns(
      ['01:00:00', '01:00:20', '01:00:50', '01:01:30', '01:01:40', '01:30:00'].map((hms) => alm(at(hms, D0), 'CH')),
      5_000,
    ),
    // Chattering while shelved is not annunciated.
    ev(at('02:00', D0), 'SH', 'SHLV'),
    almSeries('SH', at('02:00:10', D0), 3, 10_000),
    ev(at('02:01', D0), 'SH', 'UNSHLV'),
    alm(at('02:01:10', D0), 'SH'),
    ev(at('02:01:20', D0), 'SH', 'RTN'),
    // Fleeting twice (2 s, 4.9 s); 5 s is not fleeting.
    withReturns([alm(at('03:00', D0), 'FL')], 2_000),
    withReturns([alm(at('04:00', D0), 'FL')], 4_900),
    withReturns([alm(at('05:00', D0), 'FL')], 5_000),
    // Chattering with quick returns: chattering only.
    withReturns(almSeries('CF', at('06:00', D0), 3, 20_000), 1_000),
    // Standing: 30 h active, then a second activation shelved after 25 h and active to the end of the journal.
    alm(at('00:00', D0), 'ST'),
    ev(at('00:05', D0), 'ST', 'ACK'),
    ev(at('06:00', D1), 'ST', 'RTN'),
    alm(at('12:00', D1), 'ST'),
    ev(at('13:00', D2), 'ST', 'SHLV'),
    ev(at('20:00', D2), 'ST', 'UNSHLV'),
    // Active 2 h: never stale.
    alm(at('08:00', D0), 'ST2'),
    ev(at('10:00', D0), 'ST2', 'RTN'),
    // Frequent: 55 annunciations in one plant day that spans two UTC days.
    withReturns(almSeries('FQ', at('17:00', D0), 55, 10 * 60_000), 60_000),
    // 60 annunciations in one UTC day, 30 on each side of the plant's midnight: not frequent.
    withReturns(almSeries('SPLIT', at('13:00', D1), 30, 5 * 60_000), 60_000),
    withReturns(almSeries('SPLIT', at('16:00', D1), 30, 5 * 60_000), 60_000),
    // The journal ends with an acknowledgement.
    alm(at('10:00', D3), 'END'),
    ev(at('10:00:30', D3), 'END', 'RTN'),
    ev(at('10:01', D3), 'END', 'ACK'),
  );
}

describe('abnormal-alarm detection from the stored facts', { timeout: SLOW }, () => {
  let t: TestApp;
  let admin: TestUser;
  const journal = behaviours();

  beforeAll(async () => {
    t = await build();
    admin = await t.createUser({ roles: ['管理员'] });
  }, SLOW);
  afterAll(() => t?.close());

  const records = () =>
    queryRows<{ tag: string; condition: string; kind: string; firstSeen: number; lastSeen: number; count: number }>(
      t.database.db,
      sql`select p.tag, p.condition, a.kind, (extract(epoch from a.first_seen) * 1000)::float8 as "firstSeen",
            (extract(epoch from a.last_seen) * 1000)::float8 as "lastSeen", a.count
          from abnormal_alarms a join alarm_points p on p.id = a.point_id order by p.tag, a.kind`,
    );

  it('finds what the engine finds over the whole journal, after the import and on demand', async () => {
    const expected = detectAbnormal(journal, { from: journal[0].time, to: journal[journal.length - 1].time + 1 });
    expect(expected.map((finding) => `${finding.tag} ${finding.kind}`)).toEqual([
      'CF chattering',
      'CH chattering',
      'FL fleeting',
      'FQ frequent',
      'ST standing',
    ]);
    const byTagKind = (a: { tag: string; kind: string }, b: { tag: string; kind: string }) =>
      a.tag === b.tag ? a.kind.localeCompare(b.kind) : a.tag.localeCompare(b.tag);

    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/alarm/mock/events',
      payload: journal.map((event) => ({ ...event, time: new Date(event.time).toISOString(), console: '检测操作台' })),
      headers: admin.authorization,
    });
    expect(imported.json().data.imported).toBe(journal.length);
    expect(await records()).toEqual([...expected].sort(byTagKind));

    const detect = await t.app.inject({
      method: 'POST',
      url: '/api/alarm/base/config/detect',
      headers: admin.authorization,
    });
    expect(detect.statusCode).toBe(200);
    expect(await records()).toEqual([...expected].sort(byTagKind));
  });
});
