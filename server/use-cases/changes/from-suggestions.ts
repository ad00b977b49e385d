/**
 * 报警列表's 「按建议优先级起草变更」 (docs/domain.md, "Rationalization and the priority matrix"): the points
 * chosen, or those of the list's filter, whose priority differs from the matrix's suggestion become ONE draft
 * request of type alarmChange, an item per point (priority → suggestion); never direct edits. Points with no
 * suggestion yet, with «no alarm» suggested (a decision about the alarm itself, not its priority) or already
 * at the suggestion are counted, not drafted.
 */
import { MAX_SUGGESTION_POINTS, type SuggestionDraftBody, type SuggestionDraftResult } from '../../../contract/changes';
import type { Executor } from '../../db';
import { refused } from '../../errors';
import type { Repositories } from '../../repositories';
import { saveChange } from './save';

export async function draftFromSuggestions(
  body: SuggestionDraftBody,
  actorId: number,
  repositories: Pick<Repositories, 'changes' | 'approvals' | 'library' | 'users'>,
  tx: Executor,
): Promise<SuggestionDraftResult> {
  const { pointIds, filters } = body;
  if ((pointIds === undefined) === (filters === undefined)) {
    throw refused(400, '请选择报警点（pointIds）或给出列表筛选条件（filters），二者取其一');
  }
  const chosen = pointIds ? [...new Set(pointIds)] : undefined;
  const { found, skipped, points } = await repositories.library.suggestionCandidates(
    chosen ? { pointIds: chosen } : { filters: filters ?? {} },
    MAX_SUGGESTION_POINTS + 1,
    tx,
  );
  if (chosen && found < chosen.length) {
    throw refused(404, `有 ${chosen.length - found} 个所选报警点不存在或已被删除，请刷新后重试`);
  }
  if (points.length > MAX_SUGGESTION_POINTS) {
    throw refused(400, `需要调整的报警点超过 ${MAX_SUGGESTION_POINTS} 个，请缩小筛选范围后分批起草`);
  }
  if (!points.length) {
    throw refused(
      400,
      `没有需要按建议调整优先级的报警点（无建议 ${skipped.noSuggestion} 个，建议不设报警 ${skipped.noAlarm} 个，已与建议一致 ${skipped.matching} 个）`,
    );
  }
  const change = await saveChange(
    undefined,
    {
      title: body.title?.trim() || `按优先级矩阵建议调整 ${points.length} 个报警点的优先级`,
      reason: body.reason?.trim() || '报警点的优先级与优先级矩阵的建议不一致（报警合理化）',
      riskLevel: body.riskLevel ?? 'medium',
      businessType: 'alarmChange',
      items: points.map((point) => ({ pointId: point.id, field: 'priority', after: point.suggestion })),
    },
    actorId,
    repositories,
    tx,
  );
  return { change, skipped };
}
