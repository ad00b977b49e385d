/**
 * 审批配置: approval flows with their ordered steps and approvers (users or roles, shown by name), at most one
 * active flow per business type.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Page, PageRequest } from '../../../contract/http';
import type {
  ApprovalFlow,
  Approver,
  FlowBody,
  FlowFilters,
  FlowOptions,
  NamedApprover,
  Person,
} from '../../../contract/moc';
import type { BusinessType } from '../../../contract/vocabulary';
import type { Executor } from '../../db';
import { approvalFlowStepApprovers, approvalFlowSteps, approvalFlows, approvalInstances } from '../../db/schema';
import { containsPattern, isUniqueViolation, pageWindow } from '../listing';
import { arrayParam, isoTime, queryRows } from '../raw-sql';

export type FlowSaveResult =
  | { ok: true; id: number }
  | { ok: false; reason: 'missing' | 'duplicate' | 'stale' | 'activeType'; updatedBy?: string };

/** The flow as found and locked for a change of its state, with the pending requests of its business type. */
export interface LockedFlow {
  id: number;
  name: string;
  businessType: BusinessType;
  active: boolean;
  pendingOfType: number;
}

/** Named approvers of flows: users by name, roles by name. */
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

/** The flows of the given ids, in that order, with their steps and named approvers. */
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

export function createFlowQueries(db: Executor) {
  return {
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

    /** The active flow of a business type; undefined when there is none. */
    async activeFlow(businessType: BusinessType, tx: Executor = db): Promise<ApprovalFlow | undefined> {
      const [active] = await tx
        .select({ id: approvalFlows.id })
        .from(approvalFlows)
        .where(and(eq(approvalFlows.businessType, businessType), eq(approvalFlows.active, true)));
      return active && (await flowsByIds([active.id], tx))[0];
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
     * Creates (no id, inactive) or replaces a flow with its steps; which flow is active is left alone. A stale
     * `version` is refused.
     */
    async saveFlow(id: number | undefined, body: FlowBody, username: string, tx: Executor): Promise<FlowSaveResult> {
      const fields = {
        name: body.name.trim(),
        businessType: body.businessType,
        description: body.description?.trim() ?? '',
      };
      const [clash] = await tx
        .select({ id: approvalFlows.id })
        .from(approvalFlows)
        .where(and(eq(approvalFlows.name, fields.name), id === undefined ? undefined : ne(approvalFlows.id, id)));
      if (clash) return { ok: false, reason: 'duplicate' };
      let flowId: number;
      try {
        if (id === undefined) {
          const [row] = await tx
            .insert(approvalFlows)
            .values({ ...fields, active: false, createdBy: username, updatedBy: username })
            .returning({ id: approvalFlows.id });
          flowId = row.id;
        } else {
          const [current] = await tx.select().from(approvalFlows).where(eq(approvalFlows.id, id)).for('update');
          if (!current) return { ok: false, reason: 'missing' };
          if (body.version !== undefined && body.version !== current.version) {
            return { ok: false, reason: 'stale', updatedBy: current.updatedBy };
          }
          if (current.active && current.businessType !== fields.businessType)
            return { ok: false, reason: 'activeType' };
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

    /** The flow locked for this transaction, with the pending requests of its type; undefined when missing. */
    async lockFlow(id: number, tx: Executor): Promise<LockedFlow | undefined> {
      const [flow] = await tx.select().from(approvalFlows).where(eq(approvalFlows.id, id)).for('update');
      if (!flow) return undefined;
      const [{ pending }] = await queryRows<{ pending: number }>(
        tx,
        sql`select count(*)::int as pending from change_requests
            where business_type = ${flow.businessType} and status = 'pending' and deleted_at is null`,
      );
      return { id, name: flow.name, businessType: flow.businessType, active: flow.active, pendingOfType: pending };
    },

    /** 启用 (the type's other active flow, if any, is no longer) or 停用 of the flow. */
    async setActive(flow: LockedFlow, active: boolean, username: string, tx: Executor): Promise<void> {
      const stamp = { updatedAt: new Date(), updatedBy: username };
      if (active) {
        await tx
          .update(approvalFlows)
          .set({ active: false, ...stamp })
          .where(
            and(
              eq(approvalFlows.businessType, flow.businessType),
              eq(approvalFlows.active, true),
              ne(approvalFlows.id, flow.id),
            ),
          );
      }
      await tx
        .update(approvalFlows)
        .set({ active, ...stamp })
        .where(eq(approvalFlows.id, flow.id));
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
  };
}
