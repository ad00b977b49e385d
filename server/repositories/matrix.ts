/**
 * The priority matrix of rationalization (docs/domain.md): one row of `settings`, the default while there
 * is none. It changes only through a change request of type priorityMatrix; applying one writes the row
 * (who, when) and recomputes the suggestion and completeness stored with every point, which the library's
 * filters read.
 */
import { sql } from 'drizzle-orm';
import {
  DEFAULT_PRIORITY_MATRIX,
  missingParts,
  type PriorityMatrix,
  suggestedPriority,
} from '../../common/priorityMatrix';
import type { StoredMatrix } from '../../contract/rationalization';
import type { SeverityLevel, Suggestion } from '../../contract/vocabulary';
import type { Database, Executor } from '../db';
import { arrayParam, isoTime, queryRows } from './raw-sql';

const MATRIX_KEY = 'priorityMatrix';

/** The matrix in force, with who applied it last and when (null: the default). */
export async function readPriorityMatrix(
  tx: Executor,
): Promise<{ matrix: PriorityMatrix; updatedBy: string | null; updatedAt: string | null }> {
  const [row] = await queryRows<{ value: PriorityMatrix; updatedBy: string; updatedAt: string }>(
    tx,
    sql`select value, updated_by as "updatedBy", ${isoTime('updated_at')} as "updatedAt"
        from settings where key = ${MATRIX_KEY}`,
  );
  if (!row) return { matrix: DEFAULT_PRIORITY_MATRIX, updatedBy: null, updatedAt: null };
  return { matrix: row.value, updatedBy: row.updatedBy, updatedAt: row.updatedAt };
}

interface PointRecord {
  id: number;
  cause: string;
  consequence: string;
  operatorResponse: string;
  maxResponseMinutes: number | null;
  alarmClass: string;
  severities: Record<string, SeverityLevel>;
  suggestedPriority: Suggestion | null;
  complete: boolean;
}

/** Rows rewritten per statement when the suggestions are recomputed. */
const RECOMPUTE_BATCH = 5000;

export function createMatrixRepository(db: Database) {
  return {
    read: (tx: Executor = db) => readPriorityMatrix(tx),

    /** What 报警类型 shows: the matrix, who applied it through which request, and the requests still open. */
    async stored(tx: Executor = db): Promise<StoredMatrix> {
      const current = await readPriorityMatrix(tx);
      const [applied] = await queryRows<{ id: number }>(
        tx,
        sql`select id from change_requests where business_type = 'priorityMatrix' and status = 'applied'
            order by applied_at desc, id desc limit 1`,
      );
      const openChanges = await queryRows<StoredMatrix['openChanges'][number]>(
        tx,
        sql`select id, title, status from change_requests
            where business_type = 'priorityMatrix' and status in ('draft', 'pending') order by id`,
      );
      return { ...current, changeRequestId: current.updatedBy === null ? null : (applied?.id ?? null), openChanges };
    },

    /**
     * Puts `matrix` in force (who and when recorded) and recomputes every point's suggestion and
     * completeness under it; answers how many points' suggestion changed.
     */
    async apply(matrix: PriorityMatrix, username: string, tx: Executor): Promise<number> {
      await tx.execute(
        sql`insert into settings (key, value, updated_by, updated_at)
            values (${MATRIX_KEY}, ${JSON.stringify(matrix)}::jsonb, ${username}, now())
            on conflict (key) do update set value = excluded.value, updated_by = excluded.updated_by,
              updated_at = excluded.updated_at`,
      );
      const points = await queryRows<PointRecord>(
        tx,
        sql`select id, cause, consequence, operator_response as "operatorResponse",
              max_response_minutes as "maxResponseMinutes", alarm_class as "alarmClass", severities,
              suggested_priority as "suggestedPriority", rationalization_complete as complete
            from alarm_points`,
      );
      const changed: { id: number; suggestion: Suggestion | null; complete: boolean }[] = [];
      let suggestionsChanged = 0;
      for (const point of points) {
        const suggestion = suggestedPriority(matrix, point.severities, point.maxResponseMinutes);
        const complete = missingParts(matrix, { ...point, verification: '', justification: '' }).length === 0;
        if (suggestion !== point.suggestedPriority) suggestionsChanged++;
        if (suggestion !== point.suggestedPriority || complete !== point.complete) {
          changed.push({ id: point.id, suggestion, complete });
        }
      }
      for (let offset = 0; offset < changed.length; offset += RECOMPUTE_BATCH) {
        const batch = changed.slice(offset, offset + RECOMPUTE_BATCH);
        await tx.execute(
          sql`update alarm_points p set suggested_priority = n.suggestion, rationalization_complete = n.complete
              from unnest(${arrayParam(batch.map((row) => row.id))}::int[],
                          ${arrayParam(batch.map((row) => row.suggestion))}::text[],
                          ${arrayParam(batch.map((row) => row.complete))}::boolean[]) as n(id, suggestion, complete)
              where p.id = n.id`,
        );
      }
      return suggestionsChanged;
    },
  };
}

export type MatrixRepository = ReturnType<typeof createMatrixRepository>;
