/**
 * 报警响应手册 (docs/domain.md, "The alarm response manual"): the scope a request names — one console or one
 * unit, by name — and the printable manual of it, bounded so that a page never holds more than it can print.
 */
import { MANUAL_PAGE_LIMIT, type Manual, type ManualQuery } from '../../../contract/manual';
import type { Executor } from '../../db';
import { refused } from '../../errors';
import type { Repositories } from '../../repositories';
import type { ManualScope } from '../../repositories/manual';

const KIND_LABEL = { console: '操作台', unit: '装置' } as const;

/** The console or unit of the query: exactly one must be named, and exist. */
export async function manualScope(
  query: ManualQuery,
  { manual }: Pick<Repositories, 'manual'>,
  tx?: Executor,
): Promise<ManualScope> {
  const consoleName = query.console?.trim();
  const unit = query.unit?.trim();
  if (!consoleName === !unit) throw refused(400, '请指定一个操作台（console）或一个装置（unit），二者选一');
  const kind = consoleName ? 'console' : 'unit';
  const name = (consoleName || unit) as string;
  const scope = await manual.scope(kind, name, tx);
  if (!scope) throw refused(404, `${KIND_LABEL[kind]}「${name}」不存在`);
  return scope;
}

/** The manual's entries for its printable page, refused when there are more than the page prints. */
export async function printableManual(
  scope: ManualScope,
  { manual }: Pick<Repositories, 'manual'>,
  now: Date,
  tx?: Executor,
): Promise<Manual> {
  const total = await manual.count(scope, tx);
  if (total > MANUAL_PAGE_LIMIT) {
    throw refused(
      400,
      `${KIND_LABEL[scope.kind]}「${scope.name}」有 ${total} 个启用的报警点，超过打印页的上限 ${MANUAL_PAGE_LIMIT} 个：请按装置分别打印，或导出 xlsx`,
    );
  }
  const entries = [];
  for await (const entry of manual.entries(scope, tx)) entries.push(entry);
  return {
    scope: { kind: scope.kind, name: scope.name },
    ...(await manual.covers(scope, tx)),
    generatedAt: now.toISOString(),
    entries,
  };
}
