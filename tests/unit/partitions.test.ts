/** The months of the journal's partitions (server/db/partitions.ts): UTC months, named and bounded alike. */
import { describe, expect, it } from 'vitest';
import { monthStart, monthsBetween, partitionMonth, partitionName, retentionCutoff } from '../../server/db/partitions';

describe('journal partition months', () => {
  it('starts months in UTC and steps across years', () => {
    expect(new Date(monthStart(Date.UTC(2026, 0, 31, 23, 59))).toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(new Date(monthStart(Date.UTC(2026, 10, 26), 3)).toISOString()).toBe('2027-02-01T00:00:00.000Z');
    expect(new Date(monthStart(Date.UTC(2026, 1, 1), -14)).toISOString()).toBe('2024-12-01T00:00:00.000Z');
  });

  it('names a partition by its month and reads the month back', () => {
    const month = Date.UTC(2025, 2, 1);
    expect(partitionName('alarm_events', month)).toBe('alarm_events_p202503');
    expect(partitionMonth('alarm_events_p202503')).toBe(month);
    expect(partitionMonth('alarm_episodes_p202512')).toBe(Date.UTC(2025, 11, 1));
    expect(partitionMonth('alarm_events_default')).toBeUndefined();
  });

  it('lists every month a range touches', () => {
    expect(monthsBetween(Date.UTC(2025, 10, 20), Date.UTC(2026, 1, 1)).map((m) => new Date(m).getUTCMonth())).toEqual([
      10, 11, 0, 1,
    ]);
    expect(monthsBetween(Date.UTC(2025, 10, 20), Date.UTC(2025, 10, 21))).toEqual([Date.UTC(2025, 10, 1)]);
  });

  it('keeps the current month and the given number before it', () => {
    expect(new Date(retentionCutoff(Date.UTC(2026, 10, 26), 12)).toISOString()).toBe('2025-11-01T00:00:00.000Z');
    expect(new Date(retentionCutoff(Date.UTC(2026, 10, 26), 0)).toISOString()).toBe('2026-11-01T00:00:00.000Z');
  });
});
