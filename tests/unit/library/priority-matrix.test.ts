/** The priority matrix (docs/domain.md, "Rationalization and the priority matrix"): every cell and the rules. */
import { describe, expect, it } from 'vitest';
import {
  bandOf,
  confirmRefusal,
  DEFAULT_PRIORITY_MATRIX as MATRIX,
  missingParts,
  type RationalizationFields,
  suggestedPriority,
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
