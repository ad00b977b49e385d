/**
 * 变更管理: change requests with their items (captured against the points' versions) or their condition
 * proposal, the transition log, submission into an approval, and the application of an approved request in
 * the caller's transaction — all items or nothing, through `applyPointChange` so the library's audit trail
 * names the request. Legal transitions are server/domain/changes/lifecycle.
 */
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Page, PageRequest } from '../../contract/http';
import type {
  ApprovalProgress,
  ChangeablePoint,
  ChangeConflict,
  ChangeFilters,
  ChangeItem,
  ChangeItemInput,
  ChangeRequestDetail,
  ChangeRequestSummary,
  ChangeTransition,
  ConditionProposal,
  PointFilters,
  PointSettings,
  SettingValue,
} from '../../contract/moc';
import type { BusinessType, ChangeAction, ChangeStatus, Decision, RiskLevel } from '../../contract/vocabulary';
import type { Executor } from '../db';
import { changeRequestItems, changeRequests, changeRequestTransitions } from '../db/schema';
import { type Actor, decide } from '../domain/approvals/progress';
import { type CapturedItem, itemConflicts, type PointNow, patchesByPoint } from '../domain/changes/items';
import { type ApprovalsRepository, ITEM_COUNT, type LoadedInstance } from './approvals';
import { type ConditionsRepository, POINT_SETTINGS } from './conditions';
import { applyPointChange, type PointPatch } from './library';
import { containsPattern, pageWindow } from './listing';
import { arrayParam, isoTime, queryRows } from './raw-sql';

/** A request as the forms send it, trimmed and checked by the route. */
export interface ChangeInput {
  title: string;
  reason: string;
  riskLevel: RiskLevel;
  businessType: BusinessType;
  items: ChangeItemInput[];
  condition: ConditionProposal | null;
  templateId: number | null;
  equipmentId: number | null;
}

export interface LockedRequest {
  id: number;
  status: ChangeStatus;
  businessType: BusinessType;
  initiatorId: number;
  title: string;
}

export type DecisionResult =
  | { ok: true }
  | { ok: false; reason: 'missing' | 'ended' | 'notApprover' | 'alreadyDecided' };

export type SubmitResult =
  | { ok: true }
  | { ok: false; reason: 'status'; status: ChangeStatus }
  | { ok: false; reason: 'stale'; conflicts: ChangeConflict[] }
  | { ok: false; reason: 'noFlow' };

/** Thrown inside the savepoint of an application to undo the items already written. */
class ApplicationRefused extends Error {
  constructor(readonly conflict: ChangeConflict) {
    super(conflict.message);
  }
}

const SUMMARY_COLUMNS = sql`cr.id, cr.title, cr.reason, cr.risk_level as "riskLevel", cr.business_type as "businessType",
  cr.status, json_build_object('id', u.id, 'username', u.username, 'name', u.name) as initiator,
  ${ITEM_COUNT} as "itemCount", un.name as unit, cr.template_id as "templateId", t.name as template, cr.conflicts,
  ${isoTime('cr.created_at')} as "createdAt", ${isoTime('cr.updated_at')} as "updatedAt",
  ${isoTime('cr.submitted_at')} as "submittedAt", ${isoTime('cr.ended_at')} as "endedAt",
  ${isoTime('cr.applied_at')} as "appliedAt"`;

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

interface PointCapture extends PointNow {
  id: number;
  settings: PointSettings;
}

export function createChangesRepository(
  db: Executor,
  approvals: ApprovalsRepository,
  conditions: ConditionsRepository,
) {
  async function pointsNow(ids: number[], tx: Executor, lock = false): Promise<Map<number, PointCapture>> {
    if (!ids.length) return new Map();
    const rows = await queryRows<PointCapture>(
      tx,
      sql`select p.id, p.tag, p.condition, p.version, p.deleted, ${POINT_SETTINGS} as settings from alarm_points p
          where p.id = any(${arrayParam([...new Set(ids)])}::int[]) order by p.id ${lock ? sql`for update` : sql``}`,
    );
    return new Map(rows.map((row) => [row.id, row]));
  }

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

  function changeWhere(query: ChangeFilters, actorId: number): SQL {
    const parts = [sql`cr.deleted_at is null`];
    if (query.status) parts.push(sql`cr.status = ${query.status}`);
    if (query.businessType) parts.push(sql`cr.business_type = ${query.businessType}`);
    if (query.riskLevel) parts.push(sql`cr.risk_level = ${query.riskLevel}`);
    if (query.mine) parts.push(sql`cr.initiator_id = ${actorId}`);
    const pattern = containsPattern(query.title);
    if (pattern) parts.push(sql`cr.title ilike ${pattern}`);
    return sql.join(parts, sql` and `);
  }

  async function transition(
    tx: Executor,
    id: number,
    action: ChangeAction,
    from: ChangeStatus | null,
    to: ChangeStatus | null,
    actorId: number,
    comment = '',
  ): Promise<void> {
    await tx.insert(changeRequestTransitions).values({
      changeRequestId: id,
      action,
      fromStatus: from,
      toStatus: to,
      actorId,
      comment,
    });
  }

  /** Writes the items (replacing any), each with the point's value and version now. */
  async function writeItems(id: number, items: readonly ChangeItemInput[], tx: Executor): Promise<void> {
    await tx.delete(changeRequestItems).where(eq(changeRequestItems.changeRequestId, id));
    if (!items.length) return;
    const points = await pointsNow(
      items.map((item) => item.pointId),
      tx,
    );
    await tx.insert(changeRequestItems).values(
      items.map((item, index) => {
        const point = points.get(item.pointId) as PointCapture;
        return {
          changeRequestId: id,
          pointId: item.pointId,
          field: item.field,
          before: point.settings[item.field],
          after: item.after,
          pointVersion: point.version,
          sortOrder: index,
        };
      }),
    );
  }

  async function conditionVersion(input: ChangeInput, tx: Executor): Promise<number | null> {
    const conditionId = input.condition?.conditionId ?? null;
    if (conditionId === null) return null;
    const found = await conditions.find(conditionId, tx);
    return found?.version ?? null;
  }

  async function capturedItems(id: number, tx: Executor): Promise<CapturedItem[]> {
    return tx
      .select({
        id: changeRequestItems.id,
        pointId: changeRequestItems.pointId,
        field: changeRequestItems.field,
        after: changeRequestItems.after,
        pointVersion: changeRequestItems.pointVersion,
      })
      .from(changeRequestItems)
      .where(eq(changeRequestItems.changeRequestId, id))
      .orderBy(changeRequestItems.sortOrder, changeRequestItems.id) as Promise<CapturedItem[]>;
  }

  const repository = {
    /** Points to pick for a change or an override, by tag prefix and unit, in tag order. */
    async points(query: PointFilters, page: PageRequest, tx: Executor = db): Promise<Page<ChangeablePoint>> {
      const { limit, offset } = pageWindow(page);
      const parts = [sql`not p.deleted`];
      const tag = query.tag?.trim();
      if (tag) parts.push(sql`upper(p.tag) like ${`${tag.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
      if (query.unitId !== undefined) parts.push(sql`p.unit_id = ${query.unitId}`);
      const where = sql.join(parts, sql` and `);
      const list = await queryRows<ChangeablePoint>(
        tx,
        sql`select p.id, p.tag, p.condition, p.description, p.unit_id as "unitId", u.name as unit, e.name as equipment,
              p.engineering_unit as "engineeringUnit", p.version, p.limit_value as "limitValue", p.priority, p.deadband,
              p.on_delay_seconds as "onDelaySeconds", p.off_delay_seconds as "offDelaySeconds", p.enabled
            from alarm_points p left join units u on u.id = p.unit_id left join equipment e on e.id = p.equipment_id
            where ${where} order by p.tag, p.condition limit ${limit} offset ${offset}`,
      );
      const [{ total }] = await queryRows<{ total: number }>(
        tx,
        sql`select count(*)::int as total from alarm_points p where ${where}`,
      );
      return { list, total, ...page };
    },

    /** What is wrong with the request's points or proposal against the plant now. */
    async inputProblems(input: ChangeInput, tx: Executor = db): Promise<string[]> {
      if (input.condition) return conditions.proposalProblems(input.condition, tx);
      const points = await pointsNow(
        input.items.map((item) => item.pointId),
        tx,
      );
      return input.items
        .filter((item) => !points.get(item.pointId) || points.get(item.pointId)?.deleted)
        .map((item) => `报警点 #${item.pointId} 不存在或已被删除`);
    },

    async page(query: ChangeFilters, page: PageRequest, actorId: number, tx: Executor = db) {
      const { limit, offset } = pageWindow(page);
      const where = changeWhere(query, actorId);
      const list = await summaries(where, sql`order by cr.id desc limit ${limit} offset ${offset}`, tx);
      const [{ total }] = await queryRows<{ total: number }>(
        tx,
        sql`select count(*)::int as total from change_requests cr where ${where}`,
      );
      return { list, total, ...page } satisfies Page<ChangeRequestSummary>;
    },

    async rows(query: ChangeFilters, actorId: number, tx: Executor = db): Promise<ChangeRequestSummary[]> {
      return summaries(changeWhere(query, actorId), sql`order by cr.id desc`, tx);
    },

    async detail(id: number, tx: Executor = db): Promise<ChangeRequestDetail | undefined> {
      const [summary] = await summaries(sql`cr.id = ${id} and cr.deleted_at is null`, sql``, tx);
      if (!summary) return undefined;
      const [extra] = await queryRows<{
        conditionProposal: ConditionProposal | null;
        conditionVersion: number | null;
        equipmentId: number | null;
      }>(
        tx,
        sql`select condition_proposal as "conditionProposal", condition_version as "conditionVersion",
              equipment_id as "equipmentId" from change_requests where id = ${id}`,
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
        approvalDetail: shownInstance(instance),
        transitions,
      };
    },

    /** The request, locked for this transaction (transitions of one request happen one at a time). */
    async lock(id: number, tx: Executor): Promise<LockedRequest | undefined> {
      const [row] = await tx
        .select({
          id: changeRequests.id,
          status: changeRequests.status,
          businessType: changeRequests.businessType,
          initiatorId: changeRequests.initiatorId,
          title: changeRequests.title,
          deletedAt: changeRequests.deletedAt,
        })
        .from(changeRequests)
        .where(eq(changeRequests.id, id))
        .for('update');
      if (!row || row.deletedAt) return undefined;
      const { deletedAt: _deletedAt, ...request } = row;
      return request;
    },

    async create(input: ChangeInput, actorId: number, tx: Executor): Promise<number> {
      const [row] = await tx
        .insert(changeRequests)
        .values({
          title: input.title,
          reason: input.reason,
          riskLevel: input.riskLevel,
          businessType: input.businessType,
          initiatorId: actorId,
          unitId: input.condition?.unitId ?? null,
          conditionId: input.condition?.conditionId ?? null,
          conditionVersion: await conditionVersion(input, tx),
          conditionProposal: input.condition,
          templateId: input.templateId,
          equipmentId: input.equipmentId,
        })
        .returning({ id: changeRequests.id });
      await writeItems(row.id, input.items, tx);
      await transition(tx, row.id, 'create', null, 'draft', actorId);
      return row.id;
    },

    /** Replaces a draft's content; values and versions are captured afresh. */
    async update(id: number, input: ChangeInput, actorId: number, tx: Executor): Promise<void> {
      await tx
        .update(changeRequests)
        .set({
          title: input.title,
          reason: input.reason,
          riskLevel: input.riskLevel,
          businessType: input.businessType,
          unitId: input.condition?.unitId ?? null,
          conditionId: input.condition?.conditionId ?? null,
          conditionVersion: await conditionVersion(input, tx),
          conditionProposal: input.condition,
          templateId: input.templateId,
          equipmentId: input.equipmentId,
          updatedAt: new Date(),
        })
        .where(eq(changeRequests.id, id));
      await writeItems(id, input.items, tx);
      await transition(tx, id, 'edit', 'draft', 'draft', actorId);
    },

    /**
     * draft → pending: refused when an item's point moved since it was captured (edit the draft to see the
     * current values) or when the business type has no active flow.
     */
    async submit(request: LockedRequest, actorId: number, tx: Executor): Promise<SubmitResult> {
      if (request.status !== 'draft') return { ok: false, reason: 'status', status: request.status };
      const items = await capturedItems(request.id, tx);
      const conflicts = itemConflicts(
        items,
        await pointsNow(
          items.map((item) => item.pointId),
          tx,
        ),
      );
      if (conflicts.length) return { ok: false, reason: 'stale', conflicts };
      const instanceId = await approvals.start(request.id, request.businessType, tx);
      if (instanceId === undefined) return { ok: false, reason: 'noFlow' };
      const now = new Date();
      await tx
        .update(changeRequests)
        .set({ status: 'pending', submittedAt: now, updatedAt: now })
        .where(eq(changeRequests.id, request.id));
      await transition(tx, request.id, 'submit', 'draft', 'pending', actorId);
      return { ok: true };
    },

    /** Moves the request to `to` (stamping the end of an ended one) and logs the action. */
    async transition(
      request: LockedRequest,
      action: ChangeAction,
      to: ChangeStatus,
      actorId: number,
      comment: string,
      tx: Executor,
    ): Promise<void> {
      const now = new Date();
      const ends = to !== 'pending' && to !== 'draft';
      await tx
        .update(changeRequests)
        .set({ status: to, updatedAt: now, ...(ends ? { endedAt: now } : {}) })
        .where(eq(changeRequests.id, request.id));
      await transition(tx, request.id, action, request.status, to, actorId, comment);
      request.status = to;
    },

    /** Logs a decision that leaves the status as it is (a step approved, more steps to go). */
    async note(request: LockedRequest, action: ChangeAction, actorId: number, comment: string, tx: Executor) {
      await transition(tx, request.id, action, request.status, request.status, actorId, comment);
    },

    /**
     * Applies an approved request in the caller's transaction: every item (or the condition proposal) or
     * nothing. With a conflict the request stays approved, records the conflicts and has ended.
     */
    async apply(
      request: LockedRequest,
      actor: { id: number; username: string },
      tx: Executor,
    ): Promise<{ applied: true } | { applied: false; conflicts: ChangeConflict[] }> {
      const conflicts = await (async (): Promise<ChangeConflict[]> => {
        if (request.businessType === 'operatingCondition') {
          const [row] = await tx
            .select({ proposal: changeRequests.conditionProposal, version: changeRequests.conditionVersion })
            .from(changeRequests)
            .where(eq(changeRequests.id, request.id));
          if (!row.proposal) throw new Error(`change request ${request.id} has no condition proposal`);
          const result = await conditions.applyProposal(row.proposal, row.version, actor.username, tx);
          return result.ok ? [] : result.conflicts;
        }
        const items = await capturedItems(request.id, tx);
        const points = await pointsNow(
          items.map((item) => item.pointId),
          tx,
          true,
        );
        const stale = itemConflicts(items, points);
        if (stale.length) return stale;
        try {
          await tx.transaction(async (savepoint) => {
            for (const [pointId, { version, patch }] of patchesByPoint(items)) {
              const result = await applyPointChange(savepoint, pointId, version, patch as PointPatch, {
                changedBy: actor.username,
                source: 'moc',
                changeRequestId: request.id,
              });
              if (!result.ok) {
                const point = points.get(pointId);
                throw new ApplicationRefused({
                  itemId: items.find((item) => item.pointId === pointId)?.id ?? null,
                  pointId,
                  tag: point?.tag ?? null,
                  condition: point?.condition ?? null,
                  message: result.reason === 'invalid' ? result.message : '报警点已变化，无法实施',
                });
              }
            }
          });
        } catch (error) {
          if (error instanceof ApplicationRefused) return [error.conflict];
          throw error;
        }
        return [];
      })();
      const now = new Date();
      if (conflicts.length) {
        await tx
          .update(changeRequests)
          .set({ conflicts, updatedAt: now, endedAt: now })
          .where(eq(changeRequests.id, request.id));
        await transition(
          tx,
          request.id,
          'conflict',
          'approved',
          'approved',
          actor.id,
          conflicts.map((conflict) => conflict.message).join('；'),
        );
        return { applied: false, conflicts };
      }
      await tx
        .update(changeRequests)
        .set({ status: 'applied', appliedAt: now, endedAt: now, updatedAt: now })
        .where(eq(changeRequests.id, request.id));
      await transition(tx, request.id, 'apply', 'approved', 'applied', actor.id);
      request.status = 'applied';
      return { applied: true };
    },

    /**
     * An approver's decision on the current step of an approval: recorded, the approval moved on, and on the
     * last approval the change applied. The instance's lock makes two decisions on one approval take turns,
     * so the change is applied once.
     */
    async decide(
      instanceId: number,
      actor: Actor & { username: string },
      decision: Decision,
      comment: string,
      tx: Executor,
    ): Promise<DecisionResult> {
      const instance = await approvals.lock(instanceId, tx);
      const request = instance && (await repository.lock(instance.changeRequestId, tx));
      if (!instance || !request) return { ok: false, reason: 'missing' };
      const result = decide(instance.steps, instance, instance.records, actor, decision);
      if (!result.ok) return result;
      await approvals.recordDecision(
        { id: instanceId, step: instance.currentStep as number },
        { userId: actor.id, decision, comment, matched: result.matched },
        tx,
      );
      const { outcome } = result;
      switch (outcome.kind) {
        case 'waiting':
          await repository.note(request, 'approveStep', actor.id, comment, tx);
          break;
        case 'next':
          await approvals.advance(instanceId, { status: 'pending', currentStep: outcome.step }, tx);
          await repository.note(request, 'approveStep', actor.id, comment, tx);
          break;
        case 'rejected':
          await approvals.advance(instanceId, { status: 'rejected', currentStep: null }, tx);
          await repository.transition(request, 'reject', 'rejected', actor.id, comment, tx);
          break;
        case 'approved':
          await approvals.advance(instanceId, { status: 'approved', currentStep: null }, tx);
          await repository.transition(request, 'approve', 'approved', actor.id, comment, tx);
          await repository.apply(request, actor, tx);
          break;
      }
      return { ok: true };
    },

    /** Drafts go away; nothing happened with them. */
    async removeDraft(id: number, tx: Executor): Promise<void> {
      await tx.delete(changeRequests).where(eq(changeRequests.id, id));
    },

    /** Ended records leave the lists but stay for the audit trail that names them. */
    async removeEnded(request: LockedRequest, actorId: number, tx: Executor): Promise<void> {
      await tx.update(changeRequests).set({ deletedAt: new Date() }).where(eq(changeRequests.id, request.id));
      await transition(tx, request.id, 'delete', request.status, null, actorId);
    },
  };
  return repository;
}

export type ChangesRepository = ReturnType<typeof createChangesRepository>;
