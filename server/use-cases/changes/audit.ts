/**
 * A request's audit (docs/api.md, "Change requests"): the request in full — archived or not — with what its
 * application wrote to each point, read from the library's audit rows that name it.
 */

import { CHANGE_STATUS_LABELS } from '../../../common/moc';
import type { ChangeItem, ChangeRequestDetail, SettingValue } from '../../../contract/moc';
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
  /** Values as the audit writes them: priorities by the names 报警类型 gives them. */
  items: AuditedItem[];
  /** A setting's value as written: a priority code by its name. */
  shown(value: SettingValue): SettingValue;
}

export async function changeAudit(
  id: number,
  repositories: Pick<Repositories, 'changes' | 'library'>,
  tx?: Executor,
): Promise<ChangeAudit> {
  const change = await changeDetail(id, repositories, tx);
  const applied = await repositories.changes.appliedResults(id, tx);
  const priorityName = await repositories.library.priorityNames(tx);
  // Only priority settings are text; the codes never collide with a name.
  const shown = (value: SettingValue) => (typeof value === 'string' ? (priorityName.get(value) ?? value) : value);
  const items = change.items.map((item): AuditedItem => {
    const named = { ...item, before: shown(item.before), after: shown(item.after) };
    const written = applied.find((row) => row.pointId === item.pointId && row.field === item.field);
    if (written) return { ...named, result: `已实施：${shown(written.after) ?? '无'}`, appliedAt: written.changedAt };
    const conflict = change.conflicts.find((candidate) => candidate.itemId === item.id);
    const why = conflict ? conflict.message : CHANGE_STATUS_LABELS[change.status];
    return { ...named, result: `未实施：${why}`, appliedAt: null };
  });
  return { change, items, shown };
}
