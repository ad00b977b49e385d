/**
 * Alarm library list (docs/quality.md: page of 20 with a filter, 100,000 points, ≤ 50 ms p95 on the embedded
 * database). A deterministic plant of 100,000 points is generated in SQL (20 units, 8 consoles, 2,000
 * equipment, 8 conditions, priorities ≈ 1/5/15/79 %, 5,000 open abnormal records), then each filter of
 * the list page is requested over HTTP and timed (a third of the points rationalized, a quarter without a
 * corrective action).
 */
import { sql } from 'drizzle-orm';
import { type App, buildApp } from '../../server/app';
import { type Database, openDatabase } from '../../server/db';
import { queryRows } from '../../server/repositories/raw-sql';
import { seedDatabase } from '../../server/seed';
import { ADMIN_USERNAME } from '../../server/seed/roles';
import { benchDatabase } from './database';
import { percentile } from './stats';

export const LIBRARY_BENCH_POINTS = 100_000;
const RUNS_PER_FILTER = 40;

/** Inserts the plant; tags `U07-FIC-00123` (unit, measurement, number), two conditions per tag. */
export async function generateLibrary(db: Database, points: number = LIBRARY_BENCH_POINTS): Promise<void> {
  const run = (text: string) => db.execute(text as never);
  await run(`insert into units (name) select 'U' || lpad(u::text, 2, '0') from generate_series(1, 20) u
             on conflict do nothing`);
  await run(`insert into consoles (name) select '操作台' || c from generate_series(1, 8) c on conflict do nothing`);
  await run(`insert into equipment (unit_id, name, equipment_type)
             select u.id, u.name || '-E' || lpad(e::text, 3, '0'), (array['离心泵','换热器','压缩机','储罐'])[1 + e % 4]
             from units u cross join generate_series(1, 100) e on conflict do nothing`);
  await run(`
    insert into alarm_points (tag, condition, description, unit_id, equipment_id, console_id, system_type,
      limit_value, engineering_unit, deadband, on_delay_seconds, off_delay_seconds, priority, alarm_class,
      rationalization_status, suggested_priority, rationalization_complete, operator_response, created_by, updated_by)
    select u.name || '-' || (array['FIC','TIC','PIC','LIC','AIC'])[1 + (t / 20) % 5] || '-' || lpad((t / 100)::text, 4, '0'),
      (array['PVHI','PVLO','PVHH','PVLL','DEV','ROC','BAD','DISC'])[1 + (i % 2) + 2 * ((t / 7) % 4)],
      '生成的报警点 ' || i, u.id, e.id, c.id, 'DCS', 100 + i % 50, '℃', 1, 3, 3,
      case when i % 100 = 0 then 'urgent' when i % 20 = 1 then 'high' when i % 7 = 2 then 'medium' else 'low' end,
      '一般', case when i % 5 < 3 then '已确认' else '待确认' end,
      -- A third rationalized, one in four of those suggesting another priority than the configured one.
      case when i % 3 <> 0 then null when i % 12 = 0 then 'medium'
           when i % 100 = 0 then 'urgent' when i % 20 = 1 then 'high' when i % 7 = 2 then 'medium' else 'low' end,
      i % 3 = 0,
      -- One in four without a corrective action (缺少处置措施).
      case when i % 4 = 1 then '' else '按操作规程降低负荷并通知班长' end, 'bench', 'bench'
    from generate_series(0, ${points - 1}) i
    cross join lateral (select i / 2 as t) tt
    join units u on u.name = 'U' || lpad((1 + (i / 2) % 20)::text, 2, '0')
    join equipment e on e.name = u.name || '-E' || lpad((1 + (i / 40) % 100)::text, 3, '0')
    join consoles c on c.name = '操作台' || (1 + (i / 2) % 20 % 8)
    on conflict (tag, condition) do nothing`);
  await run(`insert into abnormal_alarms (point_id, kind, first_seen, last_seen, count)
             select id, (array['chattering','fleeting','standing','frequent'])[1 + id % 4], now() - interval '2 days', now(), 10
             from alarm_points where id % 20 = 0`);
  // As the data stands after the server's own vacuum (embedded) or autovacuum (PostgreSQL): statistics fresh,
  // visibility maps set.
  await run('vacuum analyze');
}

/** Times each filter of the list over HTTP; prints one line per filter and the worst p95. */
async function benchLibraryList(
  app: App,
  base: string,
  auth: Record<string, string>,
  print: (line: string) => void,
): Promise<void> {
  const id = async (table: string, name: string) =>
    (
      await queryRows<{ id: number }>(
        app.database.db,
        sql`select id from ${sql.identifier(table)} where name = ${name}`,
      )
    )[0].id;
  const unitId = await id('units', 'U07');
  const consoleId = await id('consoles', '操作台3');
  const equipmentId = await id('equipment', 'U07-E042');
  const filters: [string, string][] = [
    ['no filter', ''],
    ['tag prefix', `tag=${encodeURIComponent('U07-FIC')}`],
    ['tag prefix, lower case', `tag=${encodeURIComponent('u13-tic-0')}`],
    ['unit', `unitId=${unitId}`],
    ['unit, page 100', `unitId=${unitId}&current=100`],
    ['equipment', `equipmentId=${equipmentId}`],
    ['console + priority', `consoleId=${consoleId}&priority=high`],
    ['condition + status', `condition=PVHI&rationalizationStatus=${encodeURIComponent('待确认')}`],
    ['abnormal kind', 'abnormalKind=chattering'],
    ['sorted by priority', 'sortField=priority&sortOrder=ascend'],
    ['suggested priority', 'suggestedPriority=high'],
    ['priority mismatch', 'priorityMismatch=1'],
    ['rationalized', 'rationalized=1'],
    ['not rationalized', 'rationalized=0'],
    ['missing corrective action', 'missingResponse=1'],
  ];
  let worst = 0;
  for (const [label, query] of filters) {
    const times: number[] = [];
    let total = 0;
    for (let run = 0; run < RUNS_PER_FILTER; run++) {
      const started = performance.now();
      const response = await fetch(`${base}/api/alarm/bases/list?pageSize=20&${query}`, { headers: auth });
      const body = (await response.json()) as { data: { total: number } };
      times.push(performance.now() - started);
      total = body.data.total;
    }
    // The first runs warm PGlite's caches; the budget is about the steady state.
    const steady = times.slice(5);
    const p95 = percentile(steady, 95);
    worst = Math.max(worst, p95);
    print(
      `  ${label.padEnd(24)} p50 ${percentile(steady, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (${total.toLocaleString('en-US')} matching)`,
    );
  }
  print(
    `alarm library page of 20, ${LIBRARY_BENCH_POINTS.toLocaleString('en-US')} points: worst p95 ${worst.toFixed(1)} ms (budget ≤ 50 ms)`,
  );
}

/** The library bench on a fresh database of its own (scripts/bench/database.ts). */
export async function benchLibrary(print: (line: string) => void): Promise<void> {
  const target = await benchDatabase('library');
  print(`library part on ${target.label}`);
  try {
    const database = await openDatabase(target.config);
    try {
      await seedDatabase(database.db, { demo: false });
      const started = performance.now();
      await generateLibrary(database.db);
      print(
        `generated ${LIBRARY_BENCH_POINTS.toLocaleString('en-US')} alarm points in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      const app = await buildApp({ config: target.config, database });
      const admin = await app.repositories.users.findByUsername(ADMIN_USERNAME);
      const { token } = await app.repositories.tokens.issue(admin?.id ?? 0, 1);
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      await benchLibraryList(app, base, { authorization: `Bearer ${token}` }, print);
      await app.close();
    } finally {
      await database.close();
    }
  } finally {
    await target.dispose();
  }
}
