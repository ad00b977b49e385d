import { PRIORITIES } from '../../../contract/vocabulary';
import { detectAbnormal } from '../../../server/domain/kpi/detection';
import { seriesPer } from '../../../server/domain/kpi/series';
import { computeKpiSummary } from '../../../server/domain/kpi/summary';
import { DAY_MS, type EventType, type JournalEvent } from '../../../server/domain/kpi/types';

/**
 * Sanity check at the benchmark's size (1,000,000 events over 30 days): the engine gives consistent values.
 * Speed is measured by the benchmarks, not asserted here.
 */
describe('KPI engine on a 1,000,000-event journal', () => {
  const from = Date.UTC(2024, 2, 1, 0, 0, 0);
  const to = from + 30 * DAY_MS;
  const size = 1_000_000;
  const events: JournalEvent[] = new Array(size);
  let seed = 12345;
  const random = () => {
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
    return seed / 2 ** 32;
  };
  let alarms = 0;
  for (let i = 0; i < size; i++) {
    const draw = random();
    const event: EventType = draw < 0.55 ? 'ALM' : draw < 0.95 ? 'RTN' : 'ACK';
    if (event === 'ALM') alarms++;
    events[i] = {
      // Distinct, increasing times 2.592 s apart: no duplicates, nothing before `from`.
      time: from + Math.floor((i * (to - from)) / size),
      tag: `TAG-${Math.floor(random() * 2000)}`,
      condition: random() < 0.5 ? 'PVHI' : 'PVLO',
      event,
      priority: PRIORITIES[Math.floor(random() * 4)],
    };
  }

  it('counts every ALM and keeps the KPIs consistent', () => {
    const summary = computeKpiSummary(events, { from, to });
    expect(summary.annunciations).toBe(alarms);
    expect(summary.avgPerDay).toBeCloseTo(alarms / 30, 6);
    const priorities = Object.values(summary.priorityDistribution).reduce((sum, share) => sum + share, 0);
    expect(priorities).toBeCloseTo(100, 9);
    expect(summary.top10).toHaveLength(10);
    const counts = summary.top10.map((point) => point.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const perDay = seriesPer(events, { from, to, bucket: '1d' });
    expect(perDay).toHaveLength(31);
    expect(perDay.reduce((sum, day) => sum + day.annunciations, 0)).toBe(alarms);
  });

  it('detects without error and agrees with the summary', () => {
    const findings = detectAbnormal(events, { from, to });
    const summary = computeKpiSummary(events, { from, to });
    expect(findings.filter((finding) => finding.kind === 'chattering')).toHaveLength(summary.chatteringCount);
    expect(findings.filter((finding) => finding.kind === 'standing')).toHaveLength(summary.staleCount);
  });
});
