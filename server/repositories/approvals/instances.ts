/**
 * Approval instances of change requests: the steps copied from the flow at submission, the decisions taken
 * on them, and where each step stands. Which decision is legal and what it does is
 * server/domain/approvals; this file reads and writes.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { ApprovalDecision, ApprovalFlow, ApprovalInstance, Approver } from '../../../contract/moc';
import type { ApprovalStatus, Decision } from '../../../contract/vocabulary';
import type { Executor } from '../../db';
import { approvalDecisions, approvalInstanceSteps, approvalInstances } from '../../db/schema';
import { type DecisionRecord, stepStates } from '../../domain/approvals/progress';
import { arrayParam, isoTime, queryRows } from '../raw-sql';

/** An approval with what its step logic needs beside what the API shows. */
export interface LoadedInstance extends ApprovalInstance {
  records: DecisionRecord[];
}

/** The columns of an approval instance itself, as `INSTANCE_COLUMNS` reads them. */
export type InstanceColumns = Omit<ApprovalInstance, 'steps'>;

export const INSTANCE_COLUMNS = sql`i.id, i.change_request_id as "changeRequestId", i.flow_id as "flowId",
  i.flow_name as "flowName", i.status, i.current_step as "currentStep", ${isoTime('i.started_at')} as "startedAt",
  ${isoTime('i.ended_at')} as "endedAt"`;

/** The instances of the given rows with their steps, step states and decisions, by instance id. */
export async function loadInstances(rows: InstanceColumns[], tx: Executor): Promise<Map<number, LoadedInstance>> {
  const ids = rows.map((row) => row.id);
  const loaded = new Map<number, LoadedInstance>();
  if (!ids.length) return loaded;
  const steps = await tx
    .select()
    .from(approvalInstanceSteps)
    .where(inArray(approvalInstanceSteps.instanceId, ids))
    .orderBy(asc(approvalInstanceSteps.position));
  const decisions = await queryRows<
    Omit<ApprovalDecision, 'user'> & {
      instanceId: number;
      matched: Approver[];
      userId: number;
      username: string;
      name: string;
    }
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

export function createInstanceQueries(db: Executor) {
  return {
    /** Starts the approval of a change request on `flow`, its steps copied, at the first step. */
    async start(changeRequestId: number, flow: ApprovalFlow, tx: Executor): Promise<number> {
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
  };
}
