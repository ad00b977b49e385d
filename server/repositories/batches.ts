/**
 * The batches of stored journal data (模拟's table): listed newest first, read in batches for the export,
 * and the library points the simulator replays on a unit's console.
 */
import { sql } from 'drizzle-orm';
import type { DataBatch } from '../../contract/journal';
import type { EventSource } from '../../contract/vocabulary';
import type { Executor } from '../db';
import type { SimulatedPoint } from '../domain/simulator';
import { inBatches } from './listing';
import { isoTime, queryRows } from './raw-sql';

/** A batch as listed: times as ISO 8601 UTC text. */
const BATCH_COLUMNS = sql`id, source, label, parameters, event_count as "eventCount", duplicates,
  ${isoTime('first_time')} as "firstTime", ${isoTime('last_time')} as "lastTime",
  created_by as "createdBy", ${isoTime('created_at')} as "createdAt"`;

const batchWhere = (source: EventSource | undefined) => (source ? sql`source = ${source}` : sql`true`);

export function createBatchesRepository(db: Executor) {
  /** How many batches the source has: the page's total and the export's row count. */
  const countOf = async (source: EventSource | undefined): Promise<number> => {
    const [{ total }] = await queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from journal_batches where ${batchWhere(source)}`,
    );
    return total;
  };

  return {
    count: countOf,
    async page(source: EventSource | undefined, { current, pageSize }: { current: number; pageSize: number }) {
      const list = await queryRows<DataBatch>(
        db,
        sql`select ${BATCH_COLUMNS} from journal_batches where ${batchWhere(source)}
            order by id desc limit ${pageSize} offset ${(current - 1) * pageSize}`,
      );
      return { list, total: await countOf(source), current, pageSize };
    },

    /** Every batch of the source, newest first: each read continues below the last id of the one before. */
    rows(source: EventSource | undefined) {
      return inBatches<DataBatch>((last, limit) =>
        queryRows<DataBatch>(
          db,
          sql`select ${BATCH_COLUMNS} from journal_batches
              where ${batchWhere(source)} ${last ? sql`and id < ${last.id}` : sql``}
              order by id desc limit ${limit}`,
        ),
      );
    },

    async sourceOf(id: number): Promise<EventSource | undefined> {
      const [batch] = await queryRows<{ source: EventSource }>(
        db,
        sql`select source from journal_batches where id = ${id}`,
      );
      return batch?.source;
    },

    /** The library's points of the unit on that console, as the simulator replays them. */
    async unitPoints(unit: string, consoleName: string): Promise<Omit<SimulatedPoint, 'unit' | 'console'>[]> {
      return queryRows(
        db,
        sql`select p.tag, p.condition, p.priority, p.description from alarm_points p
            join units u on u.id = p.unit_id join consoles c on c.id = p.console_id
            where u.name = ${unit} and c.name = ${consoleName} and not p.deleted order by p.id limit 2000`,
      );
    },
  };
}

export type BatchesRepository = ReturnType<typeof createBatchesRepository>;
