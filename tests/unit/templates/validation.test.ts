import { describe, expect, it } from 'vitest';
import { type TemplateItemInput, templateItemProblems } from '../../../common/templateValidation';

const item = (condition: string, limitValue: number | null, limitMode: 'absolute' | 'percent' = 'absolute') =>
  ({ condition, limitMode, limitValue }) satisfies TemplateItemInput;

describe('templateItemProblems', () => {
  it('accepts limits in the order HH > H > L > LL, and items without limits', () => {
    expect(
      templateItemProblems([
        item('PVHH', 120),
        item('PVHI', 100),
        item('PVLO', 20),
        item('PVLL', 10),
        item('BAD', null),
      ]),
    ).toEqual([]);
  });

  it('asks for at least one item', () => {
    expect(templateItemProblems([])).toEqual(['模板至少需要一个报警项']);
  });

  it('names a repeated condition with its rows', () => {
    expect(templateItemProblems([item('PVHI', 1), item('PVLO', null), item('PVHI', 2)])).toEqual([
      '报警类型 PVHI 重复（第 1 行、第 3 行），每个报警类型只能有一项',
    ]);
  });

  it('refuses a high limit not above the high-high one, and an equal pair', () => {
    expect(templateItemProblems([item('PVHI', 130), item('PVHH', 120)])).toEqual([
      '限值须满足 PVHH > PVHI > PVLO > PVLL：PVHH（120）应高于 PVHI（130）',
    ]);
    expect(templateItemProblems([item('PVLO', 10), item('PVLL', 10)])).toHaveLength(1);
  });

  it('compares across a gap: HH against L when H has no limit', () => {
    expect(templateItemProblems([item('PVHH', 5), item('PVHI', null), item('PVLO', 8)])).toEqual([
      '限值须满足 PVHH > PVHI > PVLO > PVLL：PVHH（5）应高于 PVLO（8）',
    ]);
  });

  it('orders percentages among percentages only, never against absolute limits', () => {
    expect(templateItemProblems([item('PVHH', 95, 'percent'), item('PVHI', 300), item('PVLO', 10, 'percent')])).toEqual(
      [],
    );
    expect(templateItemProblems([item('PVHH', 80, 'percent'), item('PVHI', 90, 'percent')])).toHaveLength(1);
  });

  it('keeps percentages within 0–100', () => {
    expect(templateItemProblems([item('PVHH', 120, 'percent')])).toEqual(['第 1 行：量程百分比限值须在 0–100 之间']);
    expect(templateItemProblems([item('PVLL', -1, 'percent')])).toHaveLength(1);
    expect(templateItemProblems([item('PVLL', -1)])).toEqual([]);
  });
});
