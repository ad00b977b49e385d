/**
 * 审批配置 and 审批管理: approval flows with their ordered steps and approvers, and the approval instances
 * of change requests (steps copied from the flow at submission, decisions, progress). Which decision is
 * legal and what it does is server/domain/approvals; this file reads and writes.
 */
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Page, PageRequest } from '../../contract/http';
import type {
  ApprovalDecision,
  ApprovalFilters,
  ApprovalFlow,
  ApprovalInstance,
  Approver,
  ChangeConflict,
  FlowBody,
  FlowFilters,
  FlowOptions,
  NamedApprover,
  Person,
} from '../../contract/moc';
import type { ApprovalStatus, BusinessType, ChangeStatus, Decision, RiskLevel } from '../../contract/vocabulary';
import type { Executor } from '../db';
import {
  approvalDecisions,
  approvalFlowStepApprovers,
  approvalFlowSteps,
  approvalFlows,
  approvalInstanceSteps,
  approvalInstances,
} from '../db/schema';
import { type Actor, type DecisionRecord, stepStates } from '../domain/approvals/progress';
import { containsPattern, isUniqueViolation, pageWindow } from './listing';
import { arrayParam, isoTime, queryRows } from './raw-sql';

/** An approval with what its step logic needs beside what the API shows. */
export interface LoadedInstance extends ApprovalInstance {
  records: DecisionRecord[];
}

export interface ApprovalRow extends LoadedInstance {
  title: string;
  reason: string;
  riskLevel: RiskLevel;
  businessType: BusinessType;
  changeStatus: ChangeStatus;
  initiator: Person;
  itemCount: number;
  conflicts: ChangeConflict[];
}

export type FlowSaveResult =
  | { ok: true; id: number }
  | { ok: false; reason: 'missing' | 'duplicate' | 'stale'; updatedBy?: string };

interface InstanceColumns {
  id: number;
  changeRequestId: number;
  flowId: number | null;
  flowName: string;
  status: ApprovalStatus;
  currentStep: number | null;
  startedAt: string;
  endedAt: string | null;
}

const INSTANCE_COLUMNS = sql`i.id, i.change_request_id as "changeRequestId", i.flow_id as "flowId",
  i.flow_name as "flowName", i.status, i.current_step as "currentStep", ${isoTime('i.started_at')} as "startedAt",
  ${isoTime('i.ended_at')} as "endedAt"`;

/** Items of a request: its point items, or the overrides of its condition proposal. */
export const ITEM_COUNT = sql`((select count(*)::int from change_request_items it where it.change_request_id = cr.id)
  + coalesce(jsonb_array_length(cr.condition_proposal -> 'overrides'), 0))`;

/** Named approvers of flows or instances: users by name, roles by name. */
async function approverNames(approvers: readonly Approver[], tx: Executor): Promise<NamedApprover[]> {
  const ids = (kind: Approver['kind']) => approvers.filter((a) => a.kind === kind).map((a) => a.id);
  const names = new Map<string, string>();
  for (const [kind, table] of [
    ['user', 'users'],
    ['role', 'roles'],
  ] as const) {
    if (!ids(kind).length) continue;
    const rows = await queryRows<{ id: number; name: string }>(
      tx,
      sql`select id, name from ${sql.raw(table)} where id = any(${arrayParam(ids(kind))}::int[])`,
    );
    for (const row of rows) names.set(`${kind}:${row.id}`, row.name);
  }
  return approvers.map((approver) => ({
    kind: approver.kind,
    id: approver.id,
    name: names.get(`${approver.kind}:${approver.id}`) ?? `#${approver.id}`,
  }));
}

export function createApprovalsRepository(db: Executor) {
  async function flowsByIds(ids: number[], tx: Executor): Promise<ApprovalFlow[]> {
    if (!ids.length) return [];
    const flows = await queryRows<Omit<ApprovalFlow, 'steps'>>(
      tx,
      sql`select f.id, f.name, f.business_type as "businessType", f.description, f.active, f.version,
            (select count(*)::int from approval_instances i where i.flow_id = f.id and i.status = 'pending') as "pendingCount",
            f.created_by as "createdBy", f.updated_by as "updatedBy", ${isoTime('f.created_at')} as "createdAt",
            ${isoTime('f.updated_at')} as "updatedAt"
          from approval_flows f where f.id = any(${arrayParam(ids)}::int[])`,
    );
    const steps = await tx
      .select()
      .from(approvalFlowSteps)
      .where(inArray(approvalFlowSteps.flowId, ids))
      .orderBy(asc(approvalFlowSteps.position));
    const approvers = steps.length
      ? await tx
          .select()
          .from(approvalFlowStepApprovers)
          .where(
            inArray(
              approvalFlowStepApprovers.stepId,
              steps.map((step) => step.id),
            ),
          )
          .orderBy(asc(approvalFlowStepApprovers.id))
      : [];
    const named = await approverNames(
      approvers.map((row) => ({ kind: row.kind, id: (row.userId ?? row.roleId) as number })),
      tx,
    );
    const byId = new Map(flows.map((flow) => [flow.id, { ...flow, steps: [] as ApprovalFlow['steps'] }]));
    for (const step of steps) {
      byId.get(step.flowId)?.steps.push({
        position: step.position,
        name: step.name,
        mode: step.mode,
        approvers: named.filter((_, index) => approvers[index].stepId === step.id),
      });
    }
    return ids.map((id) => byId.get(id)).filter((flow): flow is ApprovalFlow => flow !== undefined);
  }

  async function loadInstances(rows: InstanceColumns[], tx: Executor): Promise<Map<number, LoadedInstance>> {
    const ids = rows.map((row) => row.id);
    const loaded = new Map<number, LoadedInstance>();
    if (!ids.length) return loaded;
    const steps = await tx
      .select()
      .from(approvalInstanceSteps)
      .where(inArray(approvalInstanceSteps.instanceId, ids))
      .orderBy(asc(approvalInstanceSteps.position));
    const decisions = await queryRows<
      ApprovalDecision & { instanceId: number; matched: Approver[]; userId: number; username: string; name: string }
    >(
      tx,
      sql`select d.id, d.instance_id as "instanceId", d.step, d.decision, d.comment, d.matched, ${isoTime('d.decided_at')} as "decidedAt",
            u.id as "userId", u.username, u.name
          from approval_decisions d join users u on u.id = d.user_id
          where d.instance_id = any(${arrayParam(ids)}::int[]) order by d.decided_at, d.id`,
    );
    for (const row of rows) {
      const own = decisions.filter((decision) => decision.instanceId === row.id);
      const records: DecisionRecord[] = own.map((decision) => ({
        step: decision.step,
        userId: decision.userId,
        decision: decision.decision,
        matched: decision.matched,
      }));
      const specs = steps.filter((step) => step.instanceId === row.id);
      const states = stepStates(specs, row, records);
      loaded.set(row.id, {
        ...row,
        records,
        steps: specs.map((step, index) => ({
          position: step.position,
          name: step.name,
          mode: step.mode,
          approvers: step.approvers,
          state: states[index],
          decisions: own
            .filter((decision) => decision.step === step.position)
            .map(({ id, step: position, decision, comment, decidedAt, userId, username, name }) => ({
              id,
              step: position,
              decision,
              comment,
              decidedAt,
              user: { id: userId, username, name },
            })),
        })),
      });
    }
    return loaded;
  }

  function approvalWhere(query: ApprovalFilters, actor: Actor): SQL {
    const parts: SQL[] = [sql`cr.deleted_at is null`];
    if (query.scope === 'mine') parts.push(sql`cr.initiator_id = ${actor.id}`);
    if (query.scope === 'todo') {
      parts.push(sql`i.status = 'pending' and exists (
        select 1 from approval_instance_steps s, jsonb_array_elements(s.approvers) a
        where s.instance_id = i.id and s.position = i.current_step
          and ((a ->> 'kind' = 'user' and (a ->> 'id')::int = ${actor.id})
            or (a ->> 'kind' = 'role' and (a ->> 'id')::int = any(${arrayParam([...actor.roleIds])}::int[]))))
        and not exists (select 1 from approval_decisions d
          where d.instance_id = i.id and d.step = i.current_step and d.user_id = ${actor.id})`);
    }
    if (query.status) parts.push(sql`cr.status = ${query.status}`);
    if (query.businessType) parts.push(sql`cr.business_type = ${query.businessType}`);
    const pattern = containsPattern(query.title);
    if (pattern) parts.push(sql`cr.title ilike ${pattern}`);
    return sql.join(parts, sql` and `);
  }

  const APPROVAL_FROM = sql`approval_instances i join change_requests cr on cr.id = i.change_request_id
    join users u on u.id = cr.initiator_id`;

  async function approvalRows(where: SQL, tail: SQL, tx: Executor): Promise<ApprovalRow[]> {
    const rows = await queryRows<
      InstanceColumns & Omit<ApprovalRow, keyof LoadedInstance | 'initiator'> & { initiator: Person }
    >(
      tx,
      sql`select ${INSTANCE_COLUMNS}, cr.title, cr.reason, cr.risk_level as "riskLevel", cr.business_type as "businessType",
            cr.status as "changeStatus", cr.conflicts, json_build_object('id', u.id, 'username', u.username, 'name', u.name) as initiator,
            ${ITEM_COUNT} as "itemCount"
          from ${APPROVAL_FROM} where ${where} ${tail}`,
    );
    const loaded = await loadInstances(rows, tx);
    return rows.map((row) => ({ ...row, ...(loaded.get(row.id) as LoadedInstance) }));
  }

  return {
    // ----- flows -----

    async flowPage(query: FlowFilters, page: PageRequest, tx: Executor = db): Promise<Page<ApprovalFlow>> {
      const { limit, offset } = pageWindow(page);
      const pattern = containsPattern(query.name);
      const where = and(
        query.businessType ? eq(approvalFlows.businessType, query.businessType) : undefined,
        pattern ? sql`${approvalFlows.name} ilike ${pattern}` : undefined,
      );
      const ids = await tx
        .select({ id: approvalFlows.id })
        .from(approvalFlows)
        .where(where)
        .orderBy(asc(approvalFlows.businessType), sql`${approvalFlows.active} desc`, asc(approvalFlows.name))
        .limit(limit)
        .offset(offset);
      const [{ total }] = await tx.select({ total: sql<number>`count(*)::int` }).from(approvalFlows).where(where);
      return {
        list: await flowsByIds(
          ids.map((row) => row.id),
          tx,
        ),
        total,
        ...page,
      };
    },

    async flow(id: number, tx: Executor = db): Promise<ApprovalFlow | undefined> {
      return (await flowsByIds([id], tx))[0];
    },

    /** Enabled users and every role, to pick approvers from. */
    async flowOptions(tx: Executor = db): Promise<FlowOptions> {
      const users = await queryRows<Person>(
        tx,
        sql`select id, username, name from users where not disabled order by username`,
      );
      const roles = await queryRows<{ id: number; name: string }>(tx, sql`select id, name from roles order by id`);
      return { users, roles };
    },

    /** Approvers that name no enabled user or no role, as messages. */
    async unknownApprovers(approvers: readonly Approver[], tx: Executor = db): Promise<string[]> {
      const wanted = (kind: Approver['kind']) => [
        ...new Set(approvers.filter((a) => a.kind === kind).map((a) => a.id)),
      ];
      const users = await queryRows<{ id: number }>(
        tx,
        sql`select id from users where not disabled and id = any(${arrayParam(wanted('user'))}::int[])`,
      );
      const roles = await queryRows<{ id: number }>(
        tx,
        sql`select id from roles where id = any(${arrayParam(wanted('role'))}::int[])`,
      );
      return [
        ...wanted('user')
          .filter((id) => !users.some((row) => row.id === id))
          .map((id) => `用户 #${id} 不存在或已停用`),
        ...wanted('role')
          .filter((id) => !roles.some((row) => row.id === id))
          .map((id) => `角色 #${id} 不存在`),
      ];
    },

    /**
     * Creates (no id) or replaces a flow with its steps. An active flow deactivates the other active flow of
     * its business type. A stale `version` is refused.
     */
    async saveFlow(id: number | undefined, body: FlowBody, username: string, tx: Executor): Promise<FlowSaveResult> {
      const fields = {
        name: body.name.trim(),
        businessType: body.businessType,
        description: body.description?.trim() ?? '',
        active: body.active,
      };
      const [clash] = await tx
        .select({ id: approvalFlows.id })
        .from(approvalFlows)
        .where(and(eq(approvalFlows.name, fields.name), id === undefined ? undefined : ne(approvalFlows.id, id)));
      if (clash) return { ok: false, reason: 'duplicate' };
      if (fields.active) {
        await tx
          .update(approvalFlows)
          .set({ active: false, updatedAt: new Date(), updatedBy: username })
          .where(
            and(
              eq(approvalFlows.businessType, fields.businessType),
              eq(approvalFlows.active, true),
              id === undefined ? undefined : ne(approvalFlows.id, id),
            ),
          );
      }
      let flowId: number;
      try {
        if (id === undefined) {
          const [row] = await tx
            .insert(approvalFlows)
            .values({ ...fields, createdBy: username, updatedBy: username })
            .returning({ id: approvalFlows.id });
          flowId = row.id;
        } else {
          const [current] = await tx.select().from(approvalFlows).where(eq(approvalFlows.id, id)).for('update');
          if (!current) return { ok: false, reason: 'missing' };
          if (body.version !== undefined && body.version !== current.version) {
            return { ok: false, reason: 'stale', updatedBy: current.updatedBy };
          }
          await tx
            .update(approvalFlows)
            .set({ ...fields, version: current.version + 1, updatedBy: username, updatedAt: new Date() })
            .where(eq(approvalFlows.id, id));
          await tx.delete(approvalFlowSteps).where(eq(approvalFlowSteps.flowId, id));
          flowId = id;
        }
      } catch (error) {
        if (isUniqueViolation(error)) return { ok: false, reason: 'duplicate' };
        throw error;
      }
      for (const [index, step] of body.steps.entries()) {
        const [row] = await tx
          .insert(approvalFlowSteps)
          .values({ flowId, position: index + 1, name: step.name.trim(), mode: step.mode })
          .returning({ id: approvalFlowSteps.id });
        await tx.insert(approvalFlowStepApprovers).values(
          step.approvers.map((approver) => ({
            stepId: row.id,
            kind: approver.kind,
            userId: approver.kind === 'user' ? approver.id : null,
            roleId: approver.kind === 'role' ? approver.id : null,
          })),
        );
      }
      return { ok: true, id: flowId };
    },

    /** Deletes a flow no pending approval uses; ended approvals keep its name. */
    async removeFlow(id: number, tx: Executor): Promise<'missing' | 'inUse' | 'removed'> {
      const [flow] = await tx.select().from(approvalFlows).where(eq(approvalFlows.id, id)).for('update');
      if (!flow) return 'missing';
      const [pending] = await tx
        .select({ id: approvalInstances.id })
        .from(approvalInstances)
        .where(and(eq(approvalInstances.flowId, id), eq(approvalInstances.status, 'pending')))
        .limit(1);
      if (pending) return 'inUse';
      await tx.delete(approvalFlows).where(eq(approvalFlows.id, id));
      return 'removed';
    },

    // ----- approval instances -----

    /** Starts the approval of a change request from the active flow of its type; undefined without one. */
    async start(changeRequestId: number, businessType: BusinessType, tx: Executor): Promise<number | undefined> {
      const [active] = await tx
        .select({ id: approvalFlows.id })
        .from(approvalFlows)
        .where(and(eq(approvalFlows.businessType, businessType), eq(approvalFlows.active, true)));
      const flow = active && (await flowsByIds([active.id], tx))[0];
      if (!flow?.steps.length) return undefined;
      const [instance] = await tx
        .insert(approvalInstances)
        .values({ changeRequestId, flowId: flow.id, flowName: flow.name, currentStep: flow.steps[0].position })
        .returning({ id: approvalInstances.id });
      await tx.insert(approvalInstanceSteps).values(
        flow.steps.map((step) => ({
          instanceId: instance.id,
          position: step.position,
          name: step.name,
          mode: step.mode,
          approvers: step.approvers,
        })),
      );
      return instance.id;
    },

    /** The instance, locked for this transaction: decisions on it are taken one at a time. */
    async lock(id: number, tx: Executor): Promise<LoadedInstance | undefined> {
      const [row] = await queryRows<InstanceColumns>(
        tx,
        sql`select ${INSTANCE_COLUMNS} from approval_instances i where i.id = ${id} for update`,
      );
      return row && (await loadInstances([row], tx)).get(row.id);
    },

    async recordDecision(
      instance: { id: number; step: number },
      decision: { userId: number; decision: Decision; comment: string; matched: Approver[] },
      tx: Executor,
    ): Promise<void> {
      await tx.insert(approvalDecisions).values({ instanceId: instance.id, step: instance.step, ...decision });
    },

    async advance(
      id: number,
      state: { status: ApprovalStatus; currentStep: number | null },
      tx: Executor,
    ): Promise<void> {
      await tx
        .update(approvalInstances)
        .set({ ...state, endedAt: state.status === 'pending' ? null : new Date() })
        .where(eq(approvalInstances.id, id));
    },

    /** Approvals of the given change requests, by change request id. */
    async ofChangeRequests(ids: number[], tx: Executor = db): Promise<Map<number, LoadedInstance>> {
      if (!ids.length) return new Map();
      const rows = await queryRows<InstanceColumns>(
        tx,
        sql`select ${INSTANCE_COLUMNS} from approval_instances i where i.change_request_id = any(${arrayParam(ids)}::int[])`,
      );
      const loaded = await loadInstances(rows, tx);
      return new Map(rows.map((row) => [row.changeRequestId, loaded.get(row.id) as LoadedInstance]));
    },

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
      const [row] = await approvalRows(sql`i.id = ${id} and cr.deleted_at is null`, sql``, tx);
      return row;
    },
  };
}

export type ApprovalsRepository = ReturnType<typeof createApprovalsRepository>;
