import { parseEventType, parsePriority } from '../../../server/domain/kpi/parse';
import { defaultKpiSettings, EVENT_TYPES, resolveKpiSettings } from '../../../server/domain/kpi/types';

describe('parsePriority', () => {
  it.each([
    ['urgent', 'urgent'],
    ['URGENT', 'urgent'],
    ['High', 'high'],
    ['mEdIuM', 'medium'],
    ['low', 'low'],
    [' Low ', 'low'],
    ['紧急', 'urgent'],
    ['高', 'high'],
    ['中', 'medium'],
    ['低', 'low'],
  ] as const)('reads %j as %s', (text, priority) => {
    expect(parsePriority(text)).toBe(priority);
  });

  it.each(['', 'critical', 'hi', 'med', '中等', '紧', '1'])('rejects %j', (text) => {
    expect(parsePriority(text)).toBeUndefined();
  });
});

describe('parseEventType', () => {
  it('reads every event type in any case', () => {
    expect(EVENT_TYPES.map((type) => parseEventType(type.toLowerCase()))).toEqual([...EVENT_TYPES]);
    expect(parseEventType('Shlv')).toBe('SHLV');
    expect(parseEventType(' unsupp ')).toBe('UNSUPP');
  });

  it.each(['', 'ALARM', 'RETURN', 'ACKED', 'SHELVE'])('rejects %j', (text) => {
    expect(parseEventType(text)).toBeUndefined();
  });
});

describe('KPI settings', () => {
  it('has the named defaults of docs/domain.md', () => {
    expect(defaultKpiSettings).toEqual({
      overloadThreshold: 10,
      floodStart: 10,
      floodEnd: 5,
      chatterCount: 3,
      chatterSeconds: 60,
      fleetingSeconds: 5,
      staleHours: 24,
      frequentPerDay: 50,
    });
  });

  it('fills stored settings that omit values with the defaults', () => {
    expect(resolveKpiSettings({ floodStart: 20, staleHours: 12 })).toEqual({
      ...defaultKpiSettings,
      floodStart: 20,
      staleHours: 12,
    });
    expect(resolveKpiSettings()).toEqual(defaultKpiSettings);
  });
});
