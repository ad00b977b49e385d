/**
 * 系统改进看板's figures per period (week or month), kept once computed (`kpi_period_figures`): a year of weeks costs
 * its 53 summaries once, then only the periods a writer has touched since.
 *
 * Exact because an event written at time t changes no window that ends at or before t — its bucket, its point's day
 * and the episodes it starts or ends lie at or after t, and a point's state before t is what it was — so each writer
 * of the journal drops the kept periods ending after the earliest time it wrote (`forgetPeriodFigures`), as the last
 * statement of its transaction, and counts the write in `journal_revision`. A reader keeps what it computed only if
 * that count is the one it read before computing, read again under a share lock that a writer still under way holds
 * it from: a read that saw the journal before (or, on the embedded database, inside) a writer keeps nothing, and
 * on the embedded database a read while any transaction is open does not try (its write would wait for the end).
 */
import { sql } from 'drizzle-orm';
import type { KpiFigures } from '../../contract/boards';
import type { KpiSettings } from '../../contract/kpiSettings';
import { type Executor, writesWait } from '../db';
import type { KpiWindow } from '../domain/kpi/types';
import { figuresOf } from './boards';
import { type KpiRepository, type KpiScope, resolveScope } from './kpi';
import { arrayParam, queryRows, timestampParam } from './raw-sql';

/**
 * Drops the kept figures of the periods ending after `after` (epoch ms; all of them without it) and counts the
 * write: called by every writer of the journal as the last statement of its transaction.
 */
export async function forgetPeriodFigures(tx: Executor, after?: number): Promise<void> {
  await tx.execute(sql`insert into journal_revision (id, revision) values (1, 1)
    on conflict (id) do update set revision = journal_revision.revision + 1`);
  await tx.execute(
    after === undefined
      ? sql`delete from kpi_period_figures`
      : sql`delete from kpi_period_figures where period_to > ${timestampParam(after)}`,
  );
}

const periodKey = ({ from, to }: KpiWindow) => `${from} ${to}`;

/**
 * The count of the journal's writes, or undefined before the first one; with `lock`, also undefined while a writer
 * holds it (its transaction not yet committed): the reader keeps nothing rather than wait for the writer.
 */
async function revisionOf(tx: Executor, lock: boolean): Promise<number | undefined> {
  const [row] = await queryRows<{ revision: number }>(
    tx,
    sql`select revision from journal_revision where id = 1 ${lock ? sql`for share skip locked` : sql``}`,
  );
  return row?.revision;
}

export function createPeriodFiguresRepository(db: Executor, kpi: KpiRepository) {
  return {
    /** The KPI figures of each window, as `figuresOf(kpi.summary(window, scope, settings))`. */
    async figures(
      windows: readonly KpiWindow[],
      scope: KpiScope,
      settings: KpiSettings,
      tx: Executor = db,
    ): Promise<KpiFigures[]> {
      const compute = (window: KpiWindow) => kpi.summary(window, scope, settings, tx).then(figuresOf);
      const resolved = await resolveScope(tx, scope);
      if (resolved.empty || !windows.length) return Promise.all(windows.map(compute));
      const key = JSON.stringify([resolved.consoleId ?? null, resolved.unitId ?? null, resolved.condition ?? null]);
      const basis = JSON.stringify(settings);
      const revision = await revisionOf(tx, false);
      const kept = await queryRows<{ from: number; to: number; figures: KpiFigures }>(
        tx,
        sql`select (extract(epoch from period_from) * 1000)::float8 as "from",
              (extract(epoch from period_to) * 1000)::float8 as "to", figures
            from kpi_period_figures
            where scope = ${key} and basis = ${basis}
              and period_from >= ${timestampParam(windows[0].from)} and period_to <= ${timestampParam(windows[windows.length - 1].to)}`,
      );
      const keptOf = new Map(kept.map((row) => [periodKey(row), row.figures]));
      const missing = windows.filter((window) => !keptOf.has(periodKey(window)));
      const computed = await Promise.all(missing.map(compute));
      // Keeping is not worth waiting for: during an embedded import it would wait for the import's end.
      if (missing.length && !writesWait(tx)) {
        await tx.transaction(async (keep) => {
          if (revision === undefined || (await revisionOf(keep, true)) !== revision) return;
          await keep.execute(sql`
            insert into kpi_period_figures (scope, basis, period_from, period_to, figures)
            select ${key}, ${basis}, to_timestamp(f / 1000), to_timestamp(t / 1000), x::jsonb
            from unnest(${arrayParam(missing.map((window) => window.from))}::float8[],
              ${arrayParam(missing.map((window) => window.to))}::float8[],
              ${arrayParam(computed.map((figures) => JSON.stringify(figures)))}::text[]) as p(f, t, x)
            on conflict do nothing`);
        });
      }
      // `missing` keeps the windows' order: the n-th window without kept figures has the n-th computed.
      let next = 0;
      return windows.map((window) => keptOf.get(periodKey(window)) ?? computed[next++]);
    },
  };
}

export type PeriodFiguresRepository = ReturnType<typeof createPeriodFiguresRepository>;
