/**
 * Rationalization of an alarm point (docs/domain.md, "Rationalization and the priority matrix"): saving
 * its record against the version loaded, and 确认, which only a complete record whose configured priority
 * equals the matrix's suggestion, or whose difference is justified, may have.
 */
import { STALE_POINT_MESSAGE } from '../../../common/alarmLibrary';
import { confirmRefusal, NO_ALARM_LABEL } from '../../../common/priorityMatrix';
import type { Rationalization, RationalizationUpdate } from '../../../contract/rationalization';
import type { Executor } from '../../db';
import { refused } from '../../errors';
import type { Repositories } from '../../repositories';
import type { PointChangeResult, PointRow } from '../../repositories/library';

const missingPoint = () => refused(404, '报警点不存在或已被删除');

function refuseChange(result: Exclude<PointChangeResult, { ok: true }>): never {
  if (result.reason === 'invalid') throw refused(400, result.message);
  if (result.reason === 'stale') throw refused(409, STALE_POINT_MESSAGE);
  throw missingPoint();
}

/** Saves the record (texts trimmed, severities of the matrix's categories only); a confirmed point goes back to 待确认. */
export async function saveRationalization(
  id: number,
  body: RationalizationUpdate,
  username: string,
  { library }: Pick<Repositories, 'library'>,
  tx: Executor,
): Promise<Rationalization> {
  const { matrix } = await library.matrix(tx);
  const known = new Set(matrix.categories.map((category) => category.code));
  const unknown = Object.keys(body.severities).find((code) => !known.has(code));
  if (unknown !== undefined) throw refused(400, `后果类别「${unknown}」不在优先级矩阵中，请刷新后重试`);
  const result = await library.change(
    id,
    body.version,
    {
      cause: body.cause.trim(),
      consequence: body.consequence.trim(),
      severities: body.severities,
      maxResponseMinutes: body.maxResponseMinutes,
      operatorResponse: body.operatorResponse.trim(),
      verification: body.verification.trim(),
      alarmClass: body.alarmClass.trim(),
      rationalizationNotes: body.notes.trim(),
      justification: body.justification.trim(),
    },
    { changedBy: username, source: 'library' },
    tx,
  );
  if (!result.ok) refuseChange(result);
  return (await library.rationalization(id, tx)) as Rationalization;
}

/** 确认: refused unless the record is complete and the priority is the suggestion or justified; records who and when. */
export async function confirmRationalization(
  id: number,
  username: string,
  { library }: Pick<Repositories, 'library'>,
  tx: Executor,
): Promise<PointRow> {
  const record = await library.rationalization(id, tx);
  if (!record) throw missingPoint();
  const { matrix } = await library.matrix(tx);
  const names = await library.priorityNames(tx);
  const refusal = confirmRefusal(matrix, record, record.priority, (suggestion) =>
    suggestion === 'noAlarm' ? NO_ALARM_LABEL : (names.get(suggestion) ?? suggestion),
  );
  if (refusal) throw refused(409, refusal);
  const result = await library.change(
    id,
    record.version,
    { rationalizationStatus: '已确认', confirmedBy: username, confirmedAt: new Date() },
    { changedBy: username, source: 'library' },
    tx,
  );
  if (!result.ok) refuseChange(result);
  return (await library.findRow(id, tx)) as PointRow;
}
