/**
 * A request's audit (docs/api.md, "Change requests"): the request in full — archived or not — with what its
 * application wrote to each point, read from the library's audit rows that name it.
 */

import { CHANGE_STATUS_LABELS } from '../../../common/moc';
import type { ChangeItem, ChangeRequestDetail } from '../../../contract/moc';
import type { Executor } from '../../db';
import type { Repositories } from '../../repositories';
import { changeDetail } from './detail';

/** An item with the result of its application: what was written and when, or why nothing was. */
export interface AuditedItem extends ChangeItem {
  result: string;
  appliedAt: string | null;
}

export interface ChangeAudit {
  change: ChangeRequestDetail;
  items: AuditedItem[];
}

export async function changeAudit(
  id: number,
  repositories: Pick<Repositories, 'changes'>,
  tx?: Executor,
): Promise<ChangeAudit> {
  const change = await changeDetail(id, repositories, tx);
  const applied = await repositories.changes.appliedResults(id, tx);
  const items = change.items.map((item): AuditedItem => {
    const written = applied.find((row) => row.pointId === item.pointId && row.field === item.field);
    if (written) return { ...item, result: `已实施：${written.after ?? '无'}`, appliedAt: written.changedAt };
    const conflict = change.conflicts.find((candidate) => candidate.itemId === item.id);
    const why = conflict ? conflict.message : CHANGE_STATUS_LABELS[change.status];
    return { ...item, result: `未实施：${why}`, appliedAt: null };
  });
  return { change, items };
}
