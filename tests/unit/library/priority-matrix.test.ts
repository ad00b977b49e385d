/** The priority matrix (docs/domain.md, "Rationalization and the priority matrix"): every cell and the rules. */
import { describe, expect, it } from 'vitest';
import {
  bandOf,
  confirmRefusal,
  DEFAULT_PRIORITY_MATRIX as MATRIX,
  matrixDifferences,
  matrixProblems,
  missingParts,
  type PriorityMatrix,
  type RationalizationFields,
  sameMatrix,
  suggestedPriority,
  trimmedMatrix,
  worstSeverity,
} from '../../../common/priorityMatrix';

/** A time in the middle of each band, and the band's edges. */
const BAND_TIMES = { under5: [0, 2, 4], '5to15': [5, 10, 14], '15to30': [15, 22, 30], over30: [31, 60, 10_080] };

const EXPECTED = {
  minor: { under5: 'medium', '5to15': 'low', '15to30': 'low', over30: 'noAlarm' },
  major: { under5: 'high', '5to15': 'medium', '15to30': 'low', over30: 'noAlarm' },
  severe: { under5: 'urgent', '5to15': 'high', '15to30': 'medium', over30: 'noAlarm' },
} as const;

describe('the default priority matrix', () => {
  it('puts each time in its band, edges included', () => {
    for (const [band, times] of Object.entries(BAND_TIMES)) {
      for (const minutes of times) expect(bandOf(MATRIX, minutes).code).toBe(band);
    }
  });

  for (const [severity, row] of Object.entries(EXPECTED)) {
    for (const [band, priority] of Object.entries(row)) {
      it(`suggests ${priority} for ${severity} within ${band}`, () => {
        for (const minutes of BAND_TIMES[band as keyof typeof BAND_TIMES]) {
          expect(suggestedPriority(MATRIX, { people: severity as 'minor' }, minutes)).toBe(priority);
        }
      });
    }
  }

  it('suggests no alarm for no consequence in any band, and for any severity beyond 30 minutes', () => {
    const harmless = { people: 'none', environment: 'none', asset: 'none' } as const;
    for (const minutes of [0, 10, 20, 45]) expect(suggestedPriority(MATRIX, harmless, minutes)).toBe('noAlarm');
    expect(suggestedPriority(MATRIX, { people: 'severe', asset: 'severe' }, 31)).toBe('noAlarm');
    expect(MATRIX.bands.filter((band) => band.noAlarm).map((band) => band.name)).toEqual(['> 30 分钟']);
  });

  it('takes the worst severity of all categories', () => {
    expect(worstSeverity({})).toBe('none');
    expect(worstSeverity({ people: 'minor', environment: 'severe', asset: 'major' })).toBe('severe');
    expect(suggestedPriority(MATRIX, { people: 'minor', environment: 'none', asset: 'major' }, 3)).toBe('high');
    expect(suggestedPriority(MATRIX, { people: 'minor', environment: 'severe', asset: 'none' }, 3)).toBe('urgent');
  });

  it('suggests nothing without a time or without any severity', () => {
    expect(suggestedPriority(MATRIX, { people: 'major' }, null)).toBeNull();
    expect(suggestedPriority(MATRIX, {}, 10)).toBeNull();
  });

  it('describes every severity level of every category', () => {
    expect(MATRIX.categories.map((category) => category.name)).toEqual(['人员安全', '环境', '财产与生产']);
    for (const category of MATRIX.categories) {
      expect(Object.values(category.levels).every((text) => text.length > 0)).toBe(true);
    }
  });
});

describe('completeness and the confirm rule', () => {
  const complete: RationalizationFields = {
    cause: '泵跳车',
    consequence: '液位低',
    operatorResponse: '启动备用泵',
    maxResponseMinutes: 10,
    alarmClass: '工艺',
    severities: { people: 'none', environment: 'minor', asset: 'major' },
    verification: '',
    justification: '',
  };

  it('names every missing part', () => {
    expect(missingParts(MATRIX, complete)).toEqual([]);
    expect(
      missingParts(MATRIX, { ...complete, cause: ' ', severities: { people: 'none' }, maxResponseMinutes: null }),
    ).toEqual(['原因', '环境严重度', '财产与生产严重度', '响应时间']);
  });

  it('confirms a complete record whose priority is the suggestion, or a justified difference', () => {
    expect(confirmRefusal(MATRIX, complete, 'medium')).toBeUndefined();
    expect(confirmRefusal(MATRIX, complete, 'high', () => '中')).toBe(
      '当前优先级与矩阵建议（中）不一致，请填写差异说明后再确认',
    );
    expect(confirmRefusal(MATRIX, { ...complete, justification: '历史事故' }, 'high')).toBeUndefined();
    expect(confirmRefusal(MATRIX, { ...complete, alarmClass: '' }, 'medium')).toBe(
      '合理化记录不完整，缺少：报警类别，不能确认',
    );
  });
});

describe('a proposed matrix', () => {
  const withBands = (bands: PriorityMatrix['bands']): PriorityMatrix => ({ ...MATRIX, bands });

  it('accepts the default matrix, and a trimmed copy says the same', () => {
    expect(matrixProblems(MATRIX)).toEqual([]);
    const padded = structuredClone(MATRIX);
    padded.categories[0].name = ` ${padded.categories[0].name} `;
    expect(sameMatrix(trimmedMatrix(padded), MATRIX)).toBe(true);
    expect(sameMatrix(padded, MATRIX)).toBe(false);
  });

  it('needs a category and a band, plain unique codes, names and every description', () => {
    expect(matrixProblems({ categories: [], bands: [], cells: { minor: {}, major: {}, severe: {} } })).toEqual([
      '至少需要一个后果类别',
      '至少需要一个响应时间区间',
    ]);
    const twice = { ...MATRIX, categories: [MATRIX.categories[0], { ...MATRIX.categories[1], code: 'people' }] };
    expect(matrixProblems(twice)).toEqual(['后果类别代码「people」重复']);
    const odd = {
      ...MATRIX,
      categories: [
        { ...MATRIX.categories[0], code: 'a b', name: '', levels: { ...MATRIX.categories[0].levels, severe: ' ' } },
      ],
    };
    expect(matrixProblems(odd)).toEqual([
      '后果类别代码「a b」只能由字母、数字、- 和 _ 组成',
      '第 1 个后果类别缺少名称',
      '第 1 个后果类别「」缺少「重大」的说明',
    ]);
  });

  it('needs band limits rising, only the last open-ended, and a priority in every alarm cell', () => {
    const [under5, fiveTo15, fifteenTo30, over30] = MATRIX.bands;
    expect(matrixProblems(withBands([under5, { ...fiveTo15, maxMinutes: 4 }, fifteenTo30, over30]))).toEqual([
      '第 2 个响应时间区间「5–15 分钟」的上限必须大于前一个区间的上限（4 分钟）',
    ]);
    expect(matrixProblems(withBands([{ ...under5, maxMinutes: null }, over30]))).toContain(
      '第 1 个响应时间区间「< 5 分钟」不设上限，只能是最后一个区间',
    );
    expect(matrixProblems(withBands([under5, fiveTo15]))).toContain(
      '最后一个响应时间区间「5–15 分钟」不能设上限（它包含所有更长的时间）',
    );
    const hole = {
      ...MATRIX,
      cells: { ...MATRIX.cells, minor: { under5: 'medium', '15to30': 'low', gone: 'low' } },
    } as PriorityMatrix;
    expect(matrixProblems(hole)).toEqual([
      '缺少「轻微 × 5–15 分钟」的优先级',
      '优先级单元格引用了不存在的响应时间区间「gone」',
    ]);
    // A «no alarm» band needs no cells.
    const { over30: _none, ...minor } = MATRIX.cells.minor;
    expect(matrixProblems({ ...MATRIX, cells: { ...MATRIX.cells, minor } })).toEqual([]);
  });

  it('says what a change changes, line by line', () => {
    const after: PriorityMatrix = {
      categories: [
        { ...MATRIX.categories[0], name: '人身安全' },
        MATRIX.categories[1],
        { code: 'quality', name: '产品质量', levels: { none: '无', minor: '少量', major: '批次', severe: '大量' } },
      ],
      bands: [MATRIX.bands[0], { ...MATRIX.bands[1], maxMinutes: 9 }, MATRIX.bands[3]],
      cells: { ...MATRIX.cells, severe: { ...MATRIX.cells.severe, '5to15': 'urgent' } },
    };
    expect(matrixDifferences(MATRIX, after)).toEqual([
      '后果类别「人员安全」改名为「人身安全」',
      '新增后果类别「产品质量」',
      '删除后果类别「财产与生产」',
      '响应时间区间「5–15 分钟」：≤ 14 分钟 → ≤ 9 分钟',
      '删除响应时间区间「15–30 分钟」',
      '重大 × 5–15 分钟：high → urgent',
    ]);
    expect(matrixDifferences(MATRIX, MATRIX)).toEqual([]);
  });

  it('counts only the severities of the matrix’s categories', () => {
    expect(suggestedPriority(MATRIX, { noise: 'severe' }, 3)).toBeNull();
    expect(suggestedPriority(MATRIX, { noise: 'severe', people: 'minor' }, 3)).toBe('medium');
  });
});
