/**
 * 审批管理's records: approvals with the change request they decide on, listed (待我审批 / 我发起的 / 全部),
 * exported and found one by one.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Page, PageRequest } from '../../../contract/http';
import type { ApprovalFilters, ApprovalSummary } from '../../../contract/moc';
import type { Executor } from '../../db';
import type { Actor } from '../../domain/approvals/progress';
import { archiveWhere, ITEM_COUNT } from '../changes/columns';
import { containsPattern, pageWindow } from '../listing';
import { arrayParam, isoTime, queryRows } from '../raw-sql';
import { INSTANCE_COLUMNS, type InstanceColumns, type LoadedInstance, loadInstances } from './instances';

/** What a summary shows of an approval and its request, with the decision records its step logic needs. */
export type ApprovalRow = Omit<ApprovalSummary, 'canDecide' | 'decideBlock' | 'canRevoke' | 'canArchive'> &
  LoadedInstance;

const APPROVAL_FROM = sql`approval_instances i join change_requests cr on cr.id = i.change_request_id
  join users u on u.id = cr.initiator_id`;

function approvalWhere(query: ApprovalFilters, actor: Actor): SQL {
  const parts: SQL[] = [];
  const archived = archiveWhere(query.archive);
  if (archived) parts.push(archived);
  if (query.scope === 'mine') parts.push(sql`cr.initiator_id = ${actor.id}`);
  if (query.scope === 'todo') {
    parts.push(sql`i.status = 'pending' and exists (
      select 1 from approval_instance_steps s, jsonb_array_elements(s.approvers) a
      where s.instance_id = i.id and s.position = i.current_step
        and ((a ->> 'kind' = 'user' and (a ->> 'id')::int = ${actor.id})
          or (a ->> 'kind' = 'role' and (a ->> 'id')::int = any(${arrayParam([...actor.roleIds])}::int[]))))
      and cr.initiator_id <> ${actor.id}
      and not exists (select 1 from approval_decisions d
        where d.instance_id = i.id and d.user_id = ${actor.id} and (d.step = i.current_step
          or coalesce((select one_step_per_person from approval_business_settings b
            where b.business_type = cr.business_type), true)))`);
  }
  if (query.status) parts.push(sql`cr.status = ${query.status}`);
  if (query.businessType) parts.push(sql`cr.business_type = ${query.businessType}`);
  const pattern = containsPattern(query.title);
  if (pattern) parts.push(sql`cr.title ilike ${pattern}`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

async function approvalRows(where: SQL, tail: SQL, tx: Executor): Promise<ApprovalRow[]> {
  const rows = await queryRows<InstanceColumns & Omit<ApprovalRow, keyof LoadedInstance>>(
    tx,
    sql`select ${INSTANCE_COLUMNS}, cr.title, cr.reason, cr.risk_level as "riskLevel", cr.business_type as "businessType",
          cr.status as "changeStatus", cr.conflicts, json_build_object('id', u.id, 'username', u.username, 'name', u.name) as initiator,
          ${ITEM_COUNT} as "itemCount", ${isoTime('cr.deleted_at')} as "archivedAt"
        from ${APPROVAL_FROM} where ${where} ${tail}`,
  );
  const loaded = await loadInstances(rows, tx);
  return rows.map((row) => ({ ...row, ...(loaded.get(row.id) as LoadedInstance) }));
}

export function createApprovalRecordQueries(db: Executor) {
  return {
    async page(query: ApprovalFilters, page: PageRequest, actor: Actor, tx: Executor = db): Promise<Page<ApprovalRow>> {
      const { limit, offset } = pageWindow(page);
      const where = approvalWhere(query, actor);
      const list = await approvalRows(where, sql`order by i.id desc limit ${limit} offset ${offset}`, tx);
      const [{ total }] = await queryRows<{ total: number }>(
        tx,
        sql`select count(*)::int as total from ${APPROVAL_FROM} where ${where}`,
      );
      return { list, total, ...page };
    },

    /** Every matching approval, newest first (the export). */
    async rows(query: ApprovalFilters, actor: Actor, tx: Executor = db): Promise<ApprovalRow[]> {
      return approvalRows(approvalWhere(query, actor), sql`order by i.id desc`, tx);
    },

    async find(id: number, tx: Executor = db): Promise<ApprovalRow | undefined> {
      const [row] = await approvalRows(sql`i.id = ${id}`, sql``, tx);
      return row;
    },
  };
}
