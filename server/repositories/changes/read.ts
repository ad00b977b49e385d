/**
 * Reading change requests: the 变更管理 list and its export, and one request in full — its items against
 * the points now, its condition proposal, its approval and its transition log.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Page, PageRequest } from '../../../contract/http';
import type {
  ApprovalProgress,
  ChangeFilters,
  ChangeItem,
  ChangeRequestDetail,
  ChangeRequestSummary,
  ChangeTransition,
  ConditionProposal,
  PointSettings,
  SettingValue,
} from '../../../contract/moc';
import type { PriorityMatrix } from '../../../contract/rationalization';
import type { Executor } from '../../db';
import type { ApprovalsRepository } from '../approvals';
import type { LoadedInstance } from '../approvals/instances';
import { type ConditionsRepository, POINT_SETTINGS } from '../conditions';
import { containsPattern, pageWindow } from '../listing';
import { isoTime, queryRows } from '../raw-sql';
import { archiveWhere, ITEM_COUNT } from './columns';

const SUMMARY_COLUMNS = sql`cr.id, cr.title, cr.reason, cr.risk_level as "riskLevel", cr.business_type as "businessType",
  cr.status, json_build_object('id', u.id, 'username', u.username, 'name', u.name) as initiator,
  ${ITEM_COUNT} as "itemCount", un.name as unit, cr.template_id as "templateId", t.name as template, cr.conflicts,
  ${isoTime('cr.created_at')} as "createdAt", ${isoTime('cr.updated_at')} as "updatedAt",
  ${isoTime('cr.submitted_at')} as "submittedAt", ${isoTime('cr.ended_at')} as "endedAt",
  ${isoTime('cr.applied_at')} as "appliedAt", ${isoTime('cr.deleted_at')} as "archivedAt"`;

const SUMMARY_FROM = sql`change_requests cr join users u on u.id = cr.initiator_id
  left join units un on un.id = cr.unit_id left join alarm_templates t on t.id = cr.template_id`;

function progressOf(instance: LoadedInstance | undefined): ApprovalProgress | null {
  if (!instance) return null;
  const current = instance.steps.find((step) => step.position === instance.currentStep);
  return {
    approvalId: instance.id,
    flowName: instance.flowName,
    stepCount: instance.steps.length,
    currentStep: instance.currentStep,
    currentStepName: current?.name ?? null,
  };
}

/** Without the decision records the step logic needs: what the API shows of an approval. */
function shownInstance(instance: LoadedInstance | undefined) {
  if (!instance) return null;
  const { records: _records, ...shown } = instance;
  return shown;
}

function changeWhere(query: ChangeFilters, actorId: number): SQL {
  const parts: SQL[] = [];
  const archived = archiveWhere(query.archive);
  if (archived) parts.push(archived);
  if (query.status) parts.push(sql`cr.status = ${query.status}`);
  if (query.businessType) parts.push(sql`cr.business_type = ${query.businessType}`);
  if (query.riskLevel) parts.push(sql`cr.risk_level = ${query.riskLevel}`);
  if (query.mine) parts.push(sql`cr.initiator_id = ${actorId}`);
  const pattern = containsPattern(query.title);
  if (pattern) parts.push(sql`cr.title ilike ${pattern}`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/** What an application wrote to a point's field (the library's audit rows naming the request). */
export interface AppliedResult {
  pointId: number;
  field: string;
  after: string | null;
  changedAt: string;
}

export function createChangeReads(db: Executor, approvals: ApprovalsRepository, conditions: ConditionsRepository) {
  async function summaries(where: SQL, tail: SQL, tx: Executor): Promise<ChangeRequestSummary[]> {
    const rows = await queryRows<Omit<ChangeRequestSummary, 'approval'>>(
      tx,
      sql`select ${SUMMARY_COLUMNS} from ${SUMMARY_FROM} where ${where} ${tail}`,
    );
    const instances = await approvals.ofChangeRequests(
      rows.map((row) => row.id),
      tx,
    );
    return rows.map((row) => ({ ...row, approval: progressOf(instances.get(row.id)) }));
  }

  return {
    async page(
      query: ChangeFilters,
      page: PageRequest,
      actorId: number,
      tx: Executor = db,
    ): Promise<Page<ChangeRequestSummary>> {
      const { limit, offset } = pageWindow(page);
      const where = changeWhere(query, actorId);
      const list = await summaries(where, sql`order by cr.id desc limit ${limit} offset ${offset}`, tx);
      const [{ total }] = await queryRows<{ total: number }>(
        tx,
        sql`select count(*)::int as total from change_requests cr where ${where}`,
      );
      return { list, total, ...page };
    },

    async rows(query: ChangeFilters, actorId: number, tx: Executor = db): Promise<ChangeRequestSummary[]> {
      return summaries(changeWhere(query, actorId), sql`order by cr.id desc`, tx);
    },

    /** What the request's application wrote, field by field, in the order written. */
    async appliedResults(id: number, tx: Executor = db): Promise<AppliedResult[]> {
      return queryRows<AppliedResult>(
        tx,
        sql`select c.point_id as "pointId", c.field, c.after, ${isoTime('c.changed_at')} as "changedAt"
            from alarm_point_changes c where c.change_request_id = ${id} and c.source = 'moc' order by c.id`,
      );
    },

    async detail(id: number, tx: Executor = db): Promise<ChangeRequestDetail | undefined> {
      const [summary] = await summaries(sql`cr.id = ${id}`, sql``, tx);
      if (!summary) return undefined;
      const [extra] = await queryRows<{
        conditionProposal: ConditionProposal | null;
        conditionVersion: number | null;
        equipmentId: number | null;
        matrixBefore: PriorityMatrix | null;
        matrixProposal: PriorityMatrix | null;
      }>(
        tx,
        sql`select condition_proposal as "conditionProposal", condition_version as "conditionVersion",
              equipment_id as "equipmentId", matrix_before as "matrixBefore", matrix_proposal as "matrixProposal"
            from change_requests where id = ${id}`,
      );
      const itemRows = await queryRows<
        Omit<ChangeItem, 'current' | 'stale'> & { settings: PointSettings; deleted: boolean }
      >(
        tx,
        sql`select it.id, it.point_id as "pointId", it.field, it.before, it.after, it.point_version as "pointVersion",
              p.tag, p.condition, p.description, u.name as unit, p.version as "currentVersion", p.deleted,
              ${POINT_SETTINGS} as settings
            from change_request_items it join alarm_points p on p.id = it.point_id left join units u on u.id = p.unit_id
            where it.change_request_id = ${id} order by it.sort_order, it.id`,
      );
      const open = summary.status === 'draft' || summary.status === 'pending';
      const items: ChangeItem[] = itemRows.map(({ settings, deleted, ...item }) => ({
        ...item,
        current: settings[item.field] as SettingValue,
        stale: open && (deleted || item.currentVersion !== item.pointVersion),
      }));
      const transitions = await queryRows<ChangeTransition>(
        tx,
        sql`select t.id, t.action, t.from_status as "from", t.to_status as "to",
              json_build_object('id', u.id, 'username', u.username, 'name', u.name) as actor, t.comment,
              ${isoTime('t.at')} as at
            from change_request_transitions t join users u on u.id = t.actor_id
            where t.change_request_id = ${id} order by t.at, t.id`,
      );
      const instance = (await approvals.ofChangeRequests([id], tx)).get(id);
      return {
        ...summary,
        items,
        condition: extra.conditionProposal
          ? await conditions.proposalView(extra.conditionProposal, extra.conditionVersion, tx)
          : null,
        equipmentId: extra.equipmentId,
        matrix:
          extra.matrixBefore && extra.matrixProposal
            ? { before: extra.matrixBefore, after: extra.matrixProposal }
            : null,
        approvalDetail: shownInstance(instance),
        transitions,
      };
    },
  };
}
