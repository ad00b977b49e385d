/** 批量合理化's plan (docs/domain.md): what each template item hands to the points of its condition. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRIORITY_MATRIX as MATRIX } from '../../../common/priorityMatrix';
import { EMPTY_ITEM_RATIONALIZATION } from '../../../common/templates';
import { itemRecordPatch, rationalizationPlan } from '../../../server/domain/templates/rationalization';

const high = {
  condition: 'PVHI',
  ...EMPTY_ITEM_RATIONALIZATION,
  cause: ' 出口阀误关 ',
  maxResponseMinutes: 0,
  severities: { asset: 'major', noise: 'severe' } as const,
};

describe('template rationalization', () => {
  it('hands on only what an item gives, trimmed, with the matrix’s categories only', () => {
    expect(itemRecordPatch(high, MATRIX)).toEqual({
      cause: '出口阀误关',
      maxResponseMinutes: 0,
      severities: { asset: 'major' },
    });
    expect(itemRecordPatch({ condition: 'PVLO', ...EMPTY_ITEM_RATIONALIZATION, alarmClass: '  ' }, MATRIX)).toEqual({});
  });

  it('plans a patch per point of a condition whose item gives a rationalization', () => {
    const points = [
      { id: 1, condition: 'PVHI' },
      { id: 2, condition: 'PVLO' },
      { id: 3, condition: 'PVHI' },
      { id: 4, condition: 'PVHH' },
    ];
    const low = { condition: 'PVLO', ...EMPTY_ITEM_RATIONALIZATION };
    expect(rationalizationPlan([high, low], points, MATRIX).map((step) => step.pointId)).toEqual([1, 3]);
    expect(rationalizationPlan([low], points, MATRIX)).toEqual([]);
  });
});
