/** SQL of change requests that the approval lists share with the change lists. */
import { type SQL, sql } from 'drizzle-orm';
import type { ArchiveFilter } from '../../../contract/vocabulary';

/** Items of a request `cr`: its point items, the overrides of its condition proposal, or its proposed matrix. */
export const ITEM_COUNT = sql`((select count(*)::int from change_request_items it where it.change_request_id = cr.id)
  + coalesce(jsonb_array_length(cr.condition_proposal -> 'overrides'), 0)
  + (case when cr.matrix_proposal is null then 0 else 1 end))`;

/** Which requests an archive filter lets through (`cr` a change request); not archived ones by default. */
export function archiveWhere(archive: ArchiveFilter | undefined): SQL | undefined {
  if (archive === 'all') return undefined;
  return archive === 'archived' ? sql`cr.deleted_at is not null` : sql`cr.deleted_at is null`;
}
