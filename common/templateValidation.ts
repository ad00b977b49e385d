/**
 * Checks of a template's items that field schemas cannot express (docs/domain.md, "Templates"), run by the
 * server on every write and by the form before it sends (the same messages either way): one item per
 * condition, and limits in the order PVHH > PVHI > PVLO > PVLL wherever two of them are given. Absolute
 * limits are compared with absolute ones and percentages with percentages: an absolute limit and a
 * percentage of a range nobody knows yet cannot be ordered.
 */
import type { LimitMode } from '../contract/vocabulary';

export interface TemplateItemInput {
  condition: string;
  limitMode: LimitMode;
  limitValue: number | null;
}

/** Highest first: each of these must lie above every later one that is given in the same mode. */
export const LIMIT_ORDER = ['PVHH', 'PVHI', 'PVLO', 'PVLL'] as const;

const rowNumbers = (rows: number[]) => rows.map((row) => `第 ${row} 行`).join('、');

/** The problems of the items, as messages a person can act on; empty when there are none. */
export function templateItemProblems(items: readonly TemplateItemInput[]): string[] {
  if (items.length === 0) return ['模板至少需要一个报警项'];
  const problems: string[] = [];

  const rowsByCondition = new Map<string, number[]>();
  items.forEach((item, index) => {
    rowsByCondition.set(item.condition, [...(rowsByCondition.get(item.condition) ?? []), index + 1]);
  });
  for (const [condition, rows] of rowsByCondition) {
    if (rows.length > 1) problems.push(`报警类型 ${condition} 重复（${rowNumbers(rows)}），每个报警类型只能有一项`);
  }

  items.forEach((item, index) => {
    if (item.limitMode === 'percent' && item.limitValue !== null && (item.limitValue < 0 || item.limitValue > 100)) {
      problems.push(`第 ${index + 1} 行：量程百分比限值须在 0–100 之间`);
    }
  });

  for (const mode of ['absolute', 'percent'] as const) {
    const ordered = LIMIT_ORDER.flatMap((condition) => {
      const item = items.find((candidate) => candidate.condition === condition && candidate.limitMode === mode);
      return item && item.limitValue !== null ? [{ condition, limit: item.limitValue }] : [];
    });
    for (let i = 1; i < ordered.length; i++) {
      const [upper, lower] = [ordered[i - 1], ordered[i]];
      if (upper.limit <= lower.limit) {
        problems.push(
          `限值须满足 PVHH > PVHI > PVLO > PVLL：${upper.condition}（${upper.limit}）应高于 ${lower.condition}（${lower.limit}）`,
        );
      }
    }
  }
  return problems;
}
