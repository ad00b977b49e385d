/**
 * Journal rows stored as an import stores them (IngestSession in its own batch and transaction), for tests of what
 * the ingest writes beside the events.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db';
import type { JournalRow } from '../../server/domain/journal';
import { IngestSession } from '../../server/repositories/journal';
import { queryRows } from '../../server/repositories/raw-sql';

/** Stores `rows` in 200-row steps, written every 300 rows; answers the new batch's id. */
export async function ingestRows(db: Database, rows: JournalRow[], chatterCount: number): Promise<number> {
  const [batch] = await queryRows<{ id: number }>(
    db,
    sql`insert into journal_batches (source, label) values ('import', 'test') returning id`,
  );
  await db.transaction(async (tx) => {
    const session = await IngestSession.open(tx, { source: 'import', batchId: batch.id, chatterCount, writeRows: 300 });
    for (let i = 0; i < rows.length; i += 200) await session.add(rows.slice(i, i + 200));
    await session.finish();
  });
  return batch.id;
}
