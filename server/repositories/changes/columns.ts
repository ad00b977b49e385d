/** SQL of change requests that the approval lists share with the change lists. */
import { sql } from 'drizzle-orm';

/** Items of a request `cr`: its point items, or the overrides of its condition proposal. */
export const ITEM_COUNT = sql`((select count(*)::int from change_request_items it where it.change_request_id = cr.id)
  + coalesce(jsonb_array_length(cr.condition_proposal -> 'overrides'), 0))`;
