/** Checks and audit diff of an alarm point's settings. */
import { describe, expect, it } from 'vitest';
import { auditText, changedFields, settingProblems } from '../../../server/domain/library/settings';

describe('settingProblems', () => {
  it('accepts empty and valid settings', () => {
    expect(settingProblems({})).toEqual([]);
    expect(settingProblems({ limitValue: -20, rangeLow: -50, rangeHigh: 50, deadband: 0, onDelaySeconds: 0 })).toEqual(
      [],
    );
  });

  it('names the field of each problem in Chinese', () => {
    expect(
      settingProblems({ deadband: -0.1, onDelaySeconds: 2.5, offDelaySeconds: -1, maxResponseMinutes: 1e6 }),
    ).toEqual([
      { field: 'deadband', message: '死区必须 ≥ 0' },
      { field: 'onDelaySeconds', message: '开延时（秒）必须是 0 到 86400 之间的整数' },
      { field: 'offDelaySeconds', message: '关延时（秒）必须是 0 到 86400 之间的整数' },
      { field: 'maxResponseMinutes', message: '最长响应时间（分钟）必须是 0 到 10080 之间的整数' },
    ]);
    expect(settingProblems({ limitValue: Number.POSITIVE_INFINITY })[0].message).toBe('报警限值必须是有限的数字');
  });

  it('checks the range with the end the change leaves as it was', () => {
    expect(settingProblems({ rangeHigh: 10 }, { rangeLow: 20 })).toEqual([
      { field: 'rangeHigh', message: '量程下限必须小于量程上限（当前 20 ≥ 10）' },
    ]);
    expect(settingProblems({ rangeLow: null }, { rangeLow: 20, rangeHigh: 10 })).toEqual([]);
  });
});

describe('changedFields', () => {
  it('lists only the given fields that differ, as audit text, in display order', () => {
    expect(
      changedFields(
        { description: 'a', limitValue: 80, enabled: true, priority: 'low', deadband: null },
        { priority: 'high', limitValue: 80, enabled: false, deadband: 1, description: 'a' },
      ),
    ).toEqual([
      { field: 'deadband', before: null, after: '1' },
      { field: 'priority', before: 'low', after: 'high' },
      { field: 'enabled', before: 'true', after: 'false' },
    ]);
  });

  it('writes times as ISO 8601 and none as null', () => {
    expect(auditText(new Date('2026-01-01T00:00:00Z'))).toBe('2026-01-01T00:00:00.000Z');
    expect(auditText(undefined)).toBeNull();
    expect(auditText(0)).toBe('0');
  });
});
