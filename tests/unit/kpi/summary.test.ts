import { computeKpiSummary } from '../../../server/domain/kpi/summary';
import type { JournalEvent } from '../../../server/domain/kpi/types';
import { alm, almSeries, at, ev, iso, journal, tagNo } from './journal';

const hour = { from: at('08:00'), to: at('09:00') };

/** docs/domain.md's worked example: bucket counts 3, 12, 7, 4, 10, 0; A chattering in bucket 1, 33 other points. */
function workedExample(): JournalEvent[] {
  const others: JournalEvent[] = [];
  let n = 0;
  const spread = (bucketStart: string, count: number) => {
    for (let i = 0; i < count; i++) others.push(alm(at(bucketStart) + i * 45_000, tagNo(++n, 'T')));
  };
  spread('08:10', 11);
  others.push(alm(at('08:19:59.999'), tagNo(++n, 'T')));
  spread('08:20', 7);
  spread('08:30', 4);
  spread('08:40', 10);
  return journal(alm(at('08:01:00'), 'A'), alm(at('08:01:20'), 'A'), alm(at('08:01:50'), 'A'), others);
}

describe('computeKpiSummary: worked example of docs/domain.md', () => {
  const summary = computeKpiSummary(workedExample(), hour);

  it('gives every KPI of the example', () => {
    expect(summary).toEqual({
      from: '2024-03-04T08:00:00.000Z',
      to: '2024-03-04T09:00:00.000Z',
      annunciations: 36,
      avgPer10Min: 6,
      avgPerHour: 36,
      avgPerDay: expect.closeTo(864, 9),
      periodsOver: 1,
      pctPeriodsOver: expect.closeTo(100 / 6, 9),
      peak10Min: 12,
      peak10MinAt: '2024-03-04T08:10:00.000Z',
      floods: [{ start: '2024-03-04T08:10:00.000Z', end: '2024-03-04T08:30:00.000Z', count: 19, peak: 12 }],
      pctTimeInFlood: expect.closeTo(100 / 3, 9),
      top10: [
        { tag: 'A', condition: 'PVHI', count: 3, share: expect.closeTo(100 / 12, 9) },
        ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => ({
          tag: tagNo(n, 'T'),
          condition: 'PVHI',
          count: 1,
          share: expect.closeTo(100 / 36, 9),
        })),
      ],
      top10Share: expect.closeTo(100 / 3, 9),
      chatteringCount: 1,
      fleetingCount: 0,
      staleCount: 0,
      priorityDistribution: { urgent: 0, high: 0, medium: 0, low: 100 },
    });
  });

  it('reports percentages unrounded', () => {
    expect(summary.pctPeriodsOver).toBe((1 / 6) * 100);
    expect(summary.top10Share).toBe((12 / 36) * 100);
  });
});

describe('computeKpiSummary: window edges', () => {
  it('counts buckets cut by a window not on 10-minute boundaries, with floods at both ends', () => {
    const window = { from: at('08:03'), to: at('08:47') };
    let n = 0;
    const burst = (start: string, count: number, stepMs: number) =>
      Array.from({ length: count }, (_, i) => alm(at(start) + i * stepMs, tagNo(++n)));
    const events = journal(
      alm(at('08:01'), 'EARLY'),
      alm(at('08:02:59.999'), 'EARLY', 'PVHH'),
      burst('08:03', 12, 30_000), // 08:03:00–08:08:30, the cut first bucket
      burst('08:11', 6, 60_000),
      burst('08:31', 3, 60_000),
      burst('08:40', 11, 30_000), // 08:40:00–08:45:00, the cut last bucket
      alm(at('08:47'), 'LATE'),
      alm(at('08:55'), 'LATE', 'PVHH'),
    );
    const summary = computeKpiSummary(events, window);
    expect(summary.annunciations).toBe(32);
    expect(summary.avgPer10Min).toBeCloseTo(32 / 4.4, 10);
    expect(summary.avgPerHour).toBeCloseTo(32 / (44 / 60), 10);
    expect(summary.avgPerDay).toBeCloseTo(32 / (44 / 1440), 8);
    // Buckets: [08:03,08:10) 12, [08:10,08:20) 6, [08:20,08:30) 0, [08:30,08:40) 3, [08:40,08:47) 11.
    expect(summary.periodsOver).toBe(2);
    expect(summary.pctPeriodsOver).toBe(40);
    expect(summary.peak10Min).toBe(12);
    expect(summary.peak10MinAt).toBe(iso('08:03'));
    expect(summary.floods).toEqual([
      { start: iso('08:03'), end: iso('08:20'), count: 18, peak: 12 },
      { start: iso('08:40'), end: iso('08:47'), count: 11, peak: 11 },
    ]);
    expect(summary.pctTimeInFlood).toBeCloseTo((24 / 44) * 100, 10);
    expect(summary.top10Share).toBe(31.25);
    expect(summary.top10.map((point) => point.tag)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((i) => tagNo(i)));
  });

  it('runs a flood in the last aligned bucket to `to`', () => {
    const summary = computeKpiSummary(almSeries('F', at('08:50'), 11, 50_000), hour);
    expect(summary.floods).toEqual([{ start: iso('08:50'), end: iso('09:00'), count: 11, peak: 11 }]);
    expect(summary.pctTimeInFlood).toBeCloseTo(100 / 6, 10);
    expect(summary.peak10MinAt).toBe(iso('08:50'));
  });

  it('counts an event at exactly 08:10:00.000 in the 08:10 bucket', () => {
    const summary = computeKpiSummary([alm(at('08:10:00.000'), 'B')], hour);
    expect(summary.peak10Min).toBe(1);
    expect(summary.peak10MinAt).toBe(iso('08:10'));
  });

  it('reports the first of equal peaks', () => {
    const summary = computeKpiSummary(
      journal(almSeries('X', at('08:20'), 2, 61_000), almSeries('Y', at('08:40'), 2, 61_000)),
      hour,
    );
    expect(summary.peak10Min).toBe(2);
    expect(summary.peak10MinAt).toBe(iso('08:20'));
  });

  it('gives zeros and empty lists for a window without annunciations', () => {
    const events = journal(alm(at('07:59:59.999'), 'BEFORE'), alm(at('09:00'), 'AFTER'), ev(at('08:30'), 'R', 'RTN'));
    expect(computeKpiSummary(events, hour)).toEqual({
      from: iso('08:00'),
      to: iso('09:00'),
      annunciations: 0,
      avgPer10Min: 0,
      avgPerHour: 0,
      avgPerDay: 0,
      periodsOver: 0,
      pctPeriodsOver: 0,
      peak10Min: 0,
      peak10MinAt: null,
      floods: [],
      pctTimeInFlood: 0,
      top10: [],
      top10Share: 0,
      chatteringCount: 0,
      fleetingCount: 0,
      staleCount: 0,
      priorityDistribution: { urgent: 0, high: 0, medium: 0, low: 0 },
    });
  });

  it('gives zeros for an empty journal and for a zero-length window', () => {
    const empty = computeKpiSummary([], hour);
    expect(empty.annunciations).toBe(0);
    expect(empty.pctPeriodsOver).toBe(0);
    const instant = computeKpiSummary([alm(at('08:00'), 'A')], { from: at('08:00'), to: at('08:00') });
    expect(instant).toMatchObject({
      annunciations: 0,
      avgPer10Min: 0,
      avgPerHour: 0,
      avgPerDay: 0,
      pctPeriodsOver: 0,
      pctTimeInFlood: 0,
      peak10MinAt: null,
      floods: [],
    });
  });

  it('refuses a window that ends before it starts', () => {
    expect(() => computeKpiSummary([], { from: at('09:00'), to: at('08:00') })).toThrow(RangeError);
    expect(() => computeKpiSummary([], { from: Number.NaN, to: at('08:00') })).toThrow(RangeError);
  });
});

describe('computeKpiSummary: shelved, suppressed and out-of-service points', () => {
  const events = journal(
    // Shelved before `from`, unshelved inside the window; another condition of the same tag is not shelved.
    ev(at('07:00'), 'S', 'SHLV'),
    alm(at('08:05'), 'S'),
    alm(at('08:05'), 'S', 'PVLO'),
    ev(at('08:20'), 'S', 'UNSHLV'),
    alm(at('08:25'), 'S'),
    // Suppressed by design until 08:30; the ALM written after UNSUPP at the same instant counts.
    ev(at('07:30'), 'U', 'SUPP'),
    alm(at('08:10'), 'U'),
    ev(at('08:30'), 'U', 'UNSUPP'),
    alm(at('08:30'), 'U'),
    // Out of service since 06:00 and never back.
    ev(at('06:00'), 'O', 'OOS'),
    alm(at('08:01'), 'O'),
    alm(at('08:02'), 'O'),
    // Out of service and back before `from`.
    ev(at('07:00'), 'O2', 'OOS'),
    ev(at('07:30'), 'O2', 'INS'),
    alm(at('08:40'), 'O2'),
    // Same instant: ALM then SHLV counts, SHLV then ALM does not.
    alm(at('08:50'), 'H'),
    ev(at('08:50'), 'H', 'SHLV'),
    ev(at('08:54'), 'H', 'UNSHLV'),
    ev(at('08:55'), 'H', 'SHLV'),
    alm(at('08:55'), 'H'),
    // Shelved at exactly `from`.
    ev(at('08:00'), 'X', 'SHLV'),
    alm(at('08:00'), 'X'),
    // ACK changes nothing.
    ev(at('08:44'), 'O2', 'ACK'),
  );

  it('counts only annunciations of points not shelved, suppressed or out of service', () => {
    const summary = computeKpiSummary(events, hour);
    expect(summary.annunciations).toBe(5);
    expect(summary.top10.map(({ tag, condition, count }) => [tag, condition, count])).toEqual([
      ['H', 'PVHI', 1],
      ['O2', 'PVHI', 1],
      ['S', 'PVHI', 1],
      ['S', 'PVLO', 1],
      ['U', 'PVHI', 1],
    ]);
    expect(summary.top10Share).toBe(100);
  });

  it('needs the look-back: without the events before `from` the shelved ALMs would count', () => {
    const windowOnly = events.filter((event) => event.time >= hour.from);
    expect(computeKpiSummary(windowOnly, hour).annunciations).toBe(9);
  });
});

describe('computeKpiSummary: chattering', () => {
  it('counts 3 annunciations within exactly 60 s, not within 61 s', () => {
    const events = journal(
      alm(at('08:00:00'), 'C60'),
      ev(at('08:00:10'), 'C60', 'RTN'),
      alm(at('08:00:30'), 'C60'),
      ev(at('08:00:40'), 'C60', 'RTN'),
      alm(at('08:01:00'), 'C60'),
      almSeries('C61', at('08:10:00'), 2, 30_000),
      alm(at('08:11:01'), 'C61'),
    );
    const summary = computeKpiSummary(events, hour);
    expect(summary.chatteringCount).toBe(1);
    expect(summary.fleetingCount).toBe(0);
    expect(computeKpiSummary(events, { ...hour, settings: { chatterSeconds: 61 } }).chatteringCount).toBe(2);
  });

  it('ignores annunciations before `from` and honours chatterCount', () => {
    const events = journal(almSeries('EDGE', at('07:59:40'), 3, 20_000), almSeries('FOUR', at('08:30'), 4, 15_000));
    expect(computeKpiSummary(events, hour).chatteringCount).toBe(1);
    expect(
      computeKpiSummary(events, { ...hour, settings: { chatterCount: 4, chatterSeconds: 45 } }).chatteringCount,
    ).toBe(1);
    expect(
      computeKpiSummary(events, { ...hour, settings: { chatterCount: 4, chatterSeconds: 44 } }).chatteringCount,
    ).toBe(0);
  });
});

describe('computeKpiSummary: fleeting', () => {
  const events = journal(
    alm(at('08:00:00'), 'F49'),
    ev(at('08:00:04.900'), 'F49', 'RTN'),
    alm(at('08:10:00'), 'F50'),
    ev(at('08:10:05.000'), 'F50', 'RTN'),
    // Chattering with quick returns: chattering, so not fleeting.
    ...[0, 20, 40].flatMap((s) => [alm(at('08:20:00') + s * 1000, 'FC'), ev(at('08:20:01') + s * 1000, 'FC', 'RTN')]),
    // Activated before `from`: no annunciation in the window.
    alm(at('07:59:58'), 'FB'),
    ev(at('08:00:01'), 'FB', 'RTN'),
    // Its RTN comes after `to`, which the window does not see.
    alm(at('08:59:58'), 'FE'),
    ev(at('09:00:01'), 'FE', 'RTN'),
    // Shelved ALM is no annunciation.
    ev(at('08:30'), 'FS', 'SHLV'),
    alm(at('08:31'), 'FS'),
    ev(at('08:31:01'), 'FS', 'RTN'),
    // The latest ALM before the RTN is the one followed by it.
    alm(at('08:40:00'), 'FL'),
    alm(at('08:41:30'), 'FL'),
    ev(at('08:41:33'), 'FL', 'RTN'),
  );

  it('counts points with an annunciation returning in less than 5 s (4.9 s yes, 5 s no)', () => {
    const summary = computeKpiSummary(events, hour);
    expect(summary.fleetingCount).toBe(2);
    expect(summary.chatteringCount).toBe(1);
  });

  it('uses fleetingSeconds', () => {
    expect(computeKpiSummary(events, { ...hour, settings: { fleetingSeconds: 5.001 } }).fleetingCount).toBe(3);
    expect(computeKpiSummary(events, { ...hour, settings: { fleetingSeconds: 3 } }).fleetingCount).toBe(0);
  });
});

describe('computeKpiSummary: stale alarms', () => {
  const D2 = '2024-03-02';
  const D3 = '2024-03-03';
  const events = journal(
    alm(at('08:00', D2), 'S1'), // two days active at `from`
    alm(at('08:30', D3), 'S2'), // reaches 24 h at 08:30 inside the window
    alm(at('08:30', D3), 'S3'), // returns after 23 h 50 min
    ev(at('08:20'), 'S3', 'RTN'),
    alm(at('08:00', D3), 'S4'), // returns exactly 24 h later: never active for 24 h at any moment
    ev(at('08:00'), 'S4', 'RTN'),
    alm(at('08:10', D3), 'S5'), // 24 h and 1 ms
    ev(at('08:10:00.001'), 'S5', 'RTN'),
    alm(at('08:00', D2), 'S6'), // returned the day before
    ev(at('12:00', D3), 'S6', 'RTN'),
    alm(at('08:00', D3), 'S7'), // a repeated ALM does not restart the clock
    alm(at('20:00', D3), 'S7'),
    alm(at('08:00', D2), 'S8'), // shelved through the window
    ev(at('09:00', D3), 'S8', 'SHLV'),
    alm(at('08:00', D2), 'S9'), // shelved, then unshelved inside the window
    ev(at('09:00', D3), 'S9', 'SHLV'),
    ev(at('08:30'), 'S9', 'UNSHLV'),
    ev(at('07:00', D2), 'S10', 'OOS'), // activated while out of service, back in service before the window
    alm(at('08:00', D2), 'S10'),
    ev(at('07:00', D3), 'S10', 'INS'),
    alm(at('09:00', D3), 'S11'), // would reach 24 h at `to`, outside the half-open window
  );

  it('counts points continuously active for at least staleHours at some moment of the window', () => {
    const summary = computeKpiSummary(events, hour);
    expect(summary.staleCount).toBe(6);
    expect(summary.annunciations).toBe(0);
    expect(summary.top10).toEqual([]);
  });

  it('uses staleHours', () => {
    // 48 h: S1 and S10 reach it at exactly `from`, S9 when unshelved.
    expect(computeKpiSummary(events, { ...hour, settings: { staleHours: 48 } }).staleCount).toBe(3);
    expect(computeKpiSummary(events, { ...hour, settings: { staleHours: 72 } }).staleCount).toBe(0);
  });
});

describe('computeKpiSummary: duplicates', () => {
  it('counts exact duplicates (time, tag, condition, event) once, even when not adjacent', () => {
    const events = journal(
      alm(at('08:05'), 'D', 'PVHI', 'high'),
      alm(at('08:05'), 'D', 'PVHI', 'low'),
      alm(at('08:06'), 'D'),
      alm(at('08:06'), 'E'),
      alm(at('08:06'), 'D'),
      alm(at('08:06'), 'D', 'PVHH'),
      alm(at('08:07'), 'D'),
      ev(at('08:07'), 'D', 'RTN'),
      alm(at('08:07'), 'D'),
      ev(at('08:07'), 'D', 'RTN'),
    );
    const summary = computeKpiSummary(events, hour);
    expect(summary.annunciations).toBe(5);
    expect(summary.top10[0]).toEqual({ tag: 'D', condition: 'PVHI', count: 3, share: 60 });
    // Counted twice, 08:05, 08:05, 08:06 would be 3 within 60 s.
    expect(summary.chatteringCount).toBe(0);
    expect(summary.fleetingCount).toBe(1);
    // The first of the duplicates is kept, with its priority.
    expect(summary.priorityDistribution).toEqual({ urgent: 0, high: 20, medium: 0, low: 80 });
  });
});

describe('computeKpiSummary: priorities and top 10', () => {
  it('splits annunciations by priority in percent', () => {
    const events = journal(
      alm(at('08:00'), 'U1', 'PVHI', 'urgent'),
      alm(at('08:01'), 'H1', 'PVHI', 'high'),
      alm(at('08:02'), 'H2', 'PVHI', 'high'),
      almSeries('M1', at('08:03'), 3, 61_000).map((event) => ({ ...event, priority: 'medium' as const })),
      almSeries('L1', at('08:10'), 14, 61_000),
    );
    expect(computeKpiSummary(events, hour).priorityDistribution).toEqual({ urgent: 5, high: 10, medium: 15, low: 70 });
  });

  it('ranks ties by tag, then condition, ascending', () => {
    const counts: [string, string, number][] = [
      ['Y1', 'PVHI', 1],
      ['M1', 'PVHI', 2],
      ['A1', 'PVLO', 2],
      ['B1', 'PVHI', 3],
      ['X1', 'PVHI', 1],
      ['A1', 'PVHI', 3],
      ['Z1', 'PVHI', 5],
      ['F1', 'PVHI', 1],
      ['C1', 'PVHI', 2],
      ['A1', 'PVHH', 3],
      ['E1', 'PVHI', 1],
      ['D1', 'PVHI', 1],
    ];
    const events = journal(
      ...counts.map(([tag, condition, count], i) => almSeries(tag, at('08:00') + i * 1000, count, 120_000, condition)),
    );
    const summary = computeKpiSummary(events, hour);
    expect(summary.annunciations).toBe(25);
    expect(summary.top10.map(({ tag, condition, count }) => `${tag}/${condition}:${count}`)).toEqual([
      'Z1/PVHI:5',
      'A1/PVHH:3',
      'A1/PVHI:3',
      'B1/PVHI:3',
      'A1/PVLO:2',
      'C1/PVHI:2',
      'M1/PVHI:2',
      'D1/PVHI:1',
      'E1/PVHI:1',
      'F1/PVHI:1',
    ]);
    expect(summary.top10[0].share).toBe(20);
    expect(summary.top10Share).toBe(92);
  });
});

describe('computeKpiSummary: input order', () => {
  it('sorts an unsorted journal (stable for equal times) and does not change the caller array', () => {
    const sorted = workedExample();
    const reversed = [...sorted].reverse();
    const copy = structuredClone(reversed);
    expect(computeKpiSummary(reversed, hour)).toEqual(computeKpiSummary(sorted, hour));
    expect(reversed).toEqual(copy);
  });
});
