/**
 * Writing change requests: created and edited as drafts (items captured against the points' versions, or
 * the condition proposal against the condition's version), moved from status to status with every action
 * in the transition log, and removed. Which transition is legal is server/domain/changes/lifecycle; the
 * use cases in server/use-cases/changes ask before they write.
 */
import { eq } from 'drizzle-orm';
import type { ChangeConflict, ChangeItemInput, ConditionProposal } from '../../../contract/moc';
import type { PriorityMatrix } from '../../../contract/rationalization';
import type { ChangeAction, ChangeStatus } from '../../../contract/vocabulary';
import type { Executor } from '../../db';
import { changeRequestItems, changeRequests, changeRequestTransitions } from '../../db/schema';
import type { CapturedItem } from '../../domain/changes/items';
import type { ConditionsRepository } from '../conditions';
import { readPriorityMatrix } from '../matrix';
import { type PointCapture, pointsNow } from './points';
import type { ChangeInput, LockedRequest } from './types';

async function logTransition(
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

export function createChangeWrites(conditions: ConditionsRepository) {
  /** The request's columns from the form, with the version of the condition a proposal changes. */
  async function contentOf(input: ChangeInput, tx: Executor) {
    const conditionId = input.condition?.conditionId ?? null;
    const condition = conditionId === null ? undefined : await conditions.find(conditionId, tx);
    return {
      title: input.title,
      reason: input.reason,
      riskLevel: input.riskLevel,
      businessType: input.businessType,
      unitId: input.condition?.unitId ?? null,
      conditionId,
      conditionVersion: condition?.version ?? null,
      conditionProposal: input.condition,
      matrixBefore: input.matrix ? (await readPriorityMatrix(tx)).matrix : null,
      matrixProposal: input.matrix,
      templateId: input.templateId,
      equipmentId: input.equipmentId,
    };
  }

  /** The request moves to `to`, its `stamps` set to now (and its conflicts, if given), and the action is logged. */
  async function moveTo(
    request: LockedRequest,
    move: {
      action: ChangeAction;
      to: ChangeStatus;
      actorId: number;
      comment?: string;
      stamps?: readonly ('submittedAt' | 'endedAt' | 'appliedAt')[];
      conflicts?: ChangeConflict[];
    },
    tx: Executor,
  ): Promise<void> {
    const { action, to, actorId, comment = '', stamps = [], conflicts } = move;
    const now = new Date();
    await tx
      .update(changeRequests)
      .set({ status: to, updatedAt: now, conflicts, ...Object.fromEntries(stamps.map((stamp) => [stamp, now])) })
      .where(eq(changeRequests.id, request.id));
    await logTransition(tx, request.id, action, request.status, to, actorId, comment);
    request.status = to;
  }

  return {
    /** The request, locked for this transaction (transitions of one request happen one at a time). */
    async lock(id: number, tx: Executor): Promise<LockedRequest | undefined> {
      const [row] = await tx
        .select({
          id: changeRequests.id,
          status: changeRequests.status,
          businessType: changeRequests.businessType,
          initiatorId: changeRequests.initiatorId,
          title: changeRequests.title,
          archivedAt: changeRequests.archivedAt,
        })
        .from(changeRequests)
        .where(eq(changeRequests.id, id))
        .for('update');
      return row;
    },

    /** The items as captured when the request was saved, in their order. */
    async capturedItems(id: number, tx: Executor): Promise<CapturedItem[]> {
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
    },

    /** A condition request's proposal and the version of the condition it was made against. */
    async conditionProposal(
      id: number,
      tx: Executor,
    ): Promise<{ proposal: ConditionProposal | null; version: number | null }> {
      const [row] = await tx
        .select({ proposal: changeRequests.conditionProposal, version: changeRequests.conditionVersion })
        .from(changeRequests)
        .where(eq(changeRequests.id, id));
      return row;
    },

    /** A matrix request's proposal and the matrix in force when it was saved. */
    async matrixProposal(
      id: number,
      tx: Executor,
    ): Promise<{ before: PriorityMatrix | null; proposal: PriorityMatrix | null }> {
      const [row] = await tx
        .select({ before: changeRequests.matrixBefore, proposal: changeRequests.matrixProposal })
        .from(changeRequests)
        .where(eq(changeRequests.id, id));
      return row;
    },

    async create(input: ChangeInput, actorId: number, tx: Executor): Promise<number> {
      const [row] = await tx
        .insert(changeRequests)
        .values({ ...(await contentOf(input, tx)), initiatorId: actorId })
        .returning({ id: changeRequests.id });
      await writeItems(row.id, input.items, tx);
      await logTransition(tx, row.id, 'create', null, 'draft', actorId);
      return row.id;
    },

    /** Replaces a draft's content; values and versions are captured afresh. */
    async update(request: LockedRequest, input: ChangeInput, actorId: number, tx: Executor): Promise<void> {
      await tx
        .update(changeRequests)
        .set({ ...(await contentOf(input, tx)), updatedAt: new Date() })
        .where(eq(changeRequests.id, request.id));
      await writeItems(request.id, input.items, tx);
      await logTransition(tx, request.id, 'edit', 'draft', 'draft', actorId);
      request.businessType = input.businessType;
    },

    /** draft → pending, stamped with the time of submission. */
    async markSubmitted(request: LockedRequest, actorId: number, tx: Executor): Promise<void> {
      await moveTo(request, { action: 'submit', to: 'pending', actorId, stamps: ['submittedAt'] }, tx);
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
      const ends = to !== 'pending' && to !== 'draft';
      await moveTo(request, { action, to, actorId, comment, stamps: ends ? ['endedAt'] : [] }, tx);
    },

    /** Logs a decision that leaves the status as it is (a step approved, more steps to go). */
    async note(request: LockedRequest, action: ChangeAction, actorId: number, comment: string, tx: Executor) {
      await logTransition(tx, request.id, action, request.status, request.status, actorId, comment);
    },

    /** approved → applied. */
    async markApplied(request: LockedRequest, actorId: number, tx: Executor): Promise<void> {
      await moveTo(request, { action: 'apply', to: 'applied', actorId, stamps: ['appliedAt', 'endedAt'] }, tx);
    },

    /** An application refused: the request stays approved, records the conflicts and has ended. */
    async recordConflicts(
      request: LockedRequest,
      conflicts: ChangeConflict[],
      actorId: number,
      tx: Executor,
    ): Promise<void> {
      const comment = conflicts.map((conflict) => conflict.message).join('；');
      const move = {
        action: 'conflict',
        to: request.status,
        actorId,
        comment,
        stamps: ['endedAt'],
        conflicts,
      } as const;
      await moveTo(request, move, tx);
    },

    /** Drafts go away; nothing happened with them. */
    async removeDraft(id: number, tx: Executor): Promise<void> {
      await tx.delete(changeRequests).where(eq(changeRequests.id, id));
    },

    /** An ended request leaves the default lists; the row, its items and its log stay (its status too). */
    async archive(request: LockedRequest, actorId: number, tx: Executor): Promise<void> {
      const now = new Date();
      await tx.update(changeRequests).set({ archivedAt: now }).where(eq(changeRequests.id, request.id));
      await logTransition(tx, request.id, 'archive', request.status, request.status, actorId);
      request.archivedAt = now;
    },

    /** A draft changes hands (转交): `comment` names who had it and who has it now. */
    async takeOver(request: LockedRequest, actorId: number, comment: string, tx: Executor): Promise<void> {
      await tx
        .update(changeRequests)
        .set({ initiatorId: actorId, updatedAt: new Date() })
        .where(eq(changeRequests.id, request.id));
      await logTransition(tx, request.id, 'takeover', request.status, request.status, actorId, comment);
      request.initiatorId = actorId;
    },
  };
}
