/**
 * Applying an approved change request (docs/domain.md#change-management-and-approvals), in the caller's
 * transaction: every item through `applyPointChange`, so the library's audit trail names the request, the
 * condition proposal to the conditions, or the proposed priority matrix — all or nothing. With a conflict (a
 * point, the condition or the matrix moved since the request captured it, or a value the plant refuses) the
 * request stays approved, records the conflicts and has ended.
 */
import { sameMatrix } from '../../../common/priorityMatrix';
import type { ChangeConflict } from '../../../contract/moc';
import type { Executor } from '../../db';
import { itemConflicts, patchesByPoint } from '../../domain/changes/items';
import type { Repositories } from '../../repositories';
import type { LockedRequest } from '../../repositories/changes';
import { applyPointChange, type PointPatch } from '../../repositories/library';

type Needs = Pick<Repositories, 'changes' | 'conditions' | 'matrix'>;
interface Applier {
  id: number;
  username: string;
}

/** Thrown inside the savepoint of an application to undo the items already written. */
class ApplicationRefused extends Error {
  constructor(readonly conflict: ChangeConflict) {
    super(conflict.message);
  }
}

async function applyProposal(request: LockedRequest, actor: Applier, repositories: Needs, tx: Executor) {
  const { proposal, version } = await repositories.changes.conditionProposal(request.id, tx);
  if (!proposal) throw new Error(`change request ${request.id} has no condition proposal`);
  const result = await repositories.conditions.applyProposal(proposal, version, actor.username, tx);
  return result.ok ? [] : result.conflicts;
}

async function applyItems(
  request: LockedRequest,
  actor: Applier,
  repositories: Needs,
  tx: Executor,
): Promise<ChangeConflict[]> {
  const { changes } = repositories;
  const items = await changes.capturedItems(request.id, tx);
  const points = await changes.pointsNow(
    items.map((item) => item.pointId),
    tx,
    true,
  );
  const stale = itemConflicts(items, points);
  if (stale.length) return stale;
  try {
    // A savepoint: a refused point undoes the points written before it, and the request records why.
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
}

/**
 * The proposed matrix put in force, unless the matrix changed since the request was saved (another matrix
 * request applied first): then it conflicts, as a moved point does.
 */
async function applyMatrix(request: LockedRequest, actor: Applier, repositories: Needs, tx: Executor) {
  const { before, proposal } = await repositories.changes.matrixProposal(request.id, tx);
  if (!before || !proposal) throw new Error(`change request ${request.id} has no matrix proposal`);
  const { matrix } = await repositories.matrix.read(tx);
  if (!sameMatrix(matrix, before)) {
    return [
      {
        itemId: null,
        pointId: null,
        tag: null,
        condition: null,
        message: '优先级矩阵在本申请保存后已被其他变更修改，无法实施：请按当前矩阵重新发起',
      },
    ];
  }
  await repositories.matrix.apply(proposal, actor.username, tx);
  return [];
}

/** approved → applied, or approved with its conflicts recorded. */
export async function applyChange(
  request: LockedRequest,
  actor: Applier,
  repositories: Needs,
  tx: Executor,
): Promise<void> {
  const conflicts =
    request.businessType === 'operatingCondition'
      ? await applyProposal(request, actor, repositories, tx)
      : request.businessType === 'priorityMatrix'
        ? await applyMatrix(request, actor, repositories, tx)
        : await applyItems(request, actor, repositories, tx);
  if (conflicts.length) await repositories.changes.recordConflicts(request, conflicts, actor.id, tx);
  else await repositories.changes.markApplied(request, actor.id, tx);
}
