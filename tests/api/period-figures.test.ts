/**
 * 系统改进看板's kept period figures (kpi_period_figures) equal the KPI summary of each period computed afresh after
 * every writer of the journal — an import, an appended one, an older one, a batch's removal, a back-dated
 * operating-condition switch, new KPI settings — for the whole plant, a console and an operating condition; an
 * appended import keeps the periods ending before its first event; and a read that a writer's commit overtook
 * keeps nothing.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '../../server/db';
import { periodWindows } from '../../server/domain/boards/periods';
import { DAY_MS, type KpiWindow } from '../../server/domain/kpi/types';
import { figuresOf } from '../../server/repositories/boards';
import { deleteJournalBatch } from '../../server/repositories/ingest';
import { createKpiRepository, type KpiRepository, type KpiScope } from '../../server/repositories/kpi';
import { createKpiSettingsRepository } from '../../server/repositories/kpi-settings';
import { createPeriodFiguresRepository, forgetPeriodFigures } from '../../server/repositories/period-figures';
import { queryRows } from '../../server/repositories/raw-sql';
import { openTestDatabase, SLOW } from './helpers';
import { ingestRows, randomJournal, switchConditionBackDated } from './ingest-rows';

const TIME_ZONE = 'Asia/Shanghai';
const START = Date.UTC(2025, 2, 3, 16);
/** A board window of nine plant weeks, its ends off the weeks' starts. */
const WINDOW: KpiWindow = { from: START - 3 * 3_600_000, to: START + 63 * DAY_MS - 5 * 3_600_000 };
const SCOPES: KpiScope[] = [{}, { console: '操作台1' }, { condition: '开车' }];

describe('kept period figures', { timeout: SLOW * 4 }, () => {
  let database: OpenDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  }, SLOW);
  afterAll(() => database?.close());

  const kept = async () =>
    (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from kpi_period_figures`))[0].n;

  /** Each scope's weeks and months twice (computed and kept, then read back) against fresh summaries. */
  const check = async (label: string) => {
    const kpi = createKpiRepository(database.db);
    const periods = createPeriodFiguresRepository(database.db, kpi);
    const settings = (await createKpiSettingsRepository(database.db).read()).kpi;
    for (const scope of SCOPES) {
      for (const period of ['week', 'month'] as const) {
        const windows = periodWindows(WINDOW, period, TIME_ZONE);
        const fresh = await Promise.all(windows.map((window) => kpi.summary(window, scope, settings).then(figuresOf)));
        const context = JSON.stringify({ label, scope, period });
        expect(await periods.figures(windows, scope, settings), context).toEqual(fresh);
        expect(await periods.figures(windows, scope, settings), context).toEqual(fresh);
      }
    }
    return kept();
  };

  it('equal the summaries computed afresh after every writer', async () => {
    const { db } = database;
    await ingestRows(db, randomJournal(1, START, 1200), 3);
    expect(await check('first import')).toBeGreaterThan(0);

    // Appended: the kept periods ending before its first event stay.
    const [{ last }] = await queryRows<{ last: number }>(
      db,
      sql`select (extract(epoch from max(time)) * 1000)::float8 as last from alarm_events`,
    );
    const before = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from kpi_period_figures where period_to <= to_timestamp(${last + 3_600_000}::float8 / 1000)`,
    );
    const appended = await ingestRows(db, randomJournal(2, last + 3_600_000, 1200), 3);
    const after = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from kpi_period_figures where period_to <= to_timestamp(${last + 3_600_000}::float8 / 1000)`,
    );
    expect(before[0].n).toBeGreaterThan(0);
    expect(after[0].n).toBe(before[0].n);
    await check('appended');

    await ingestRows(db, randomJournal(3, START + 5 * DAY_MS, 600), 3);
    await check('older events');

    expect(await deleteJournalBatch(db, appended, TIME_ZONE)).toBeGreaterThan(0);
    await check('batch removed');

    await switchConditionBackDated(db, '装置1', '开车', START + 12 * DAY_MS);
    await check('condition switched');

    const settings = createKpiSettingsRepository(db);
    const current = await settings.read();
    await settings.save({ ...current, kpi: { ...current.kpi, chatterCount: 4, staleHours: 36 } }, 'admin');
    await check('new settings');
  });

  it('keeps nothing a writer overtook', async () => {
    const { db } = database;
    const kpi = createKpiRepository(db);
    const settings = (await createKpiSettingsRepository(db).read()).kpi;
    const windows = periodWindows(WINDOW, 'week', TIME_ZONE);
    await forgetPeriodFigures(db);
    // A writer commits while the periods are being summarised.
    let written = false;
    const overtaken: KpiRepository = {
      ...kpi,
      async summary(...args) {
        if (!written) {
          written = true;
          await db.transaction((tx) => forgetPeriodFigures(tx, WINDOW.to));
        }
        return kpi.summary(...args);
      },
    };
    const figures = await createPeriodFiguresRepository(db, overtaken).figures(windows, {}, settings);
    expect(figures).toHaveLength(windows.length);
    expect(await kept()).toBe(0);
    // Read again, nothing overtaking: kept.
    await createPeriodFiguresRepository(db, kpi).figures(windows, {}, settings);
    expect(await kept()).toBe(windows.length);
  });
});
