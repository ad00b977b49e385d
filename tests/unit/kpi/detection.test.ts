import { detectAbnormal } from '../../../server/domain/kpi/detection';
import { computeKpiSummary } from '../../../server/domain/kpi/summary';
import { alm, almSeries, at, ev, journal } from './journal';

const MINUTE = 60_000;
// One Asia/Shanghai day: 2024-03-05 local.
const day = { from: at('16:00', '2024-03-04'), to: at('16:00', '2024-03-05') };
const D5 = '2024-03-05';

const mixed = journal(
  // Chattering: runs [0..2] and [1..3] cover 4 annunciations; the 5th, 10 min later, is in no run.
  almSeries('C', at('06:00:00', D5), 3, 20_000),
  alm(at('06:00:50', D5), 'C'),
  alm(at('06:10:00', D5), 'C'),
  // Fleeting twice.
  alm(at('08:00', D5), 'F'),
  ev(at('08:00:02', D5), 'F', 'RTN'),
  alm(at('09:00', D5), 'F'),
  ev(at('09:00:03', D5), 'F', 'RTN'),
  // Chattering with quick returns: reported as chattering only.
  ...[0, 20, 40].flatMap((s) => [
    alm(at('10:00:00', D5) + s * 1000, 'CF'),
    ev(at('10:00:01', D5) + s * 1000, 'CF', 'RTN'),
  ]),
  // Frequent: 51 annunciations 10 minutes apart from 04:00 local.
  almSeries('Q', at('20:00', '2024-03-04'), 51, 10 * MINUTE),
  // Standing since two days before the window.
  alm(at('00:00', '2024-03-03'), 'S'),
);

describe('detectAbnormal', () => {
  it('reports each kind with first/last seen and count', () => {
    expect(detectAbnormal(mixed, day)).toEqual([
      {
        tag: 'C',
        condition: 'PVHI',
        kind: 'chattering',
        firstSeen: at('06:00:00', D5),
        lastSeen: at('06:00:50', D5),
        count: 4,
      },
      {
        tag: 'CF',
        condition: 'PVHI',
        kind: 'chattering',
        firstSeen: at('10:00:00', D5),
        lastSeen: at('10:00:40', D5),
        count: 3,
      },
      {
        tag: 'F',
        condition: 'PVHI',
        kind: 'fleeting',
        firstSeen: at('08:00', D5),
        lastSeen: at('09:00', D5),
        count: 2,
      },
      {
        tag: 'Q',
        condition: 'PVHI',
        kind: 'frequent',
        firstSeen: at('20:00', '2024-03-04'),
        lastSeen: at('20:00', '2024-03-04') + 50 * 10 * MINUTE,
        count: 51,
      },
      { tag: 'S', condition: 'PVHI', kind: 'standing', firstSeen: day.from, lastSeen: day.to, count: 1 },
    ]);
  });

  it('agrees with the summary counts', () => {
    const findings = detectAbnormal(mixed, day);
    const summary = computeKpiSummary(mixed, day);
    const count = (kind: string) => findings.filter((finding) => finding.kind === kind).length;
    expect([count('chattering'), count('fleeting'), count('standing')]).toEqual([
      summary.chatteringCount,
      summary.fleetingCount,
      summary.staleCount,
    ]);
    expect(summary.chatteringCount).toBe(2);
  });

  it('gives the same findings for the same input, and does not change it', () => {
    const copy = structuredClone(mixed);
    const first = detectAbnormal(mixed, day);
    const second = detectAbnormal(mixed, day);
    expect(second).toEqual(first);
    expect(first).toHaveLength(5);
    expect(mixed).toEqual(copy);
    // The journal in another order (all times here are distinct per point) gives the same findings.
    expect(detectAbnormal([...mixed].reverse(), day)).toEqual(first);
  });

  it('runs only the enabled rules', () => {
    const findings = detectAbnormal(mixed, day, {}, { enabled: { chattering: false, frequent: false } });
    expect(findings.map((finding) => `${finding.tag}:${finding.kind}`)).toEqual(['F:fleeting', 'S:standing']);
  });

  it('uses the settings, like the summary', () => {
    const findings = detectAbnormal(mixed, day, { frequentPerDay: 51, staleHours: 72 });
    expect(findings.map((finding) => `${finding.tag}:${finding.kind}`)).toEqual([
      'C:chattering',
      'CF:chattering',
      'F:fleeting',
    ]);
  });

  it('reports the standing stretch inside the window, counting one activation once', () => {
    const events = journal(
      alm(at('06:00', '2024-03-04'), 'S2'),
      ev(at('08:00', D5), 'S2', 'SHLV'),
      ev(at('09:00', D5), 'S2', 'UNSHLV'),
      ev(at('10:00', D5), 'S2', 'RTN'),
    );
    expect(detectAbnormal(events, day)).toEqual([
      {
        tag: 'S2',
        condition: 'PVHI',
        kind: 'standing',
        firstSeen: at('06:00', '2024-03-05'),
        lastSeen: at('10:00', D5),
        count: 1,
      },
    ]);
  });

  it('finds nothing in an empty journal', () => {
    expect(detectAbnormal([], day)).toEqual([]);
  });
});

describe('detectAbnormal: flood contributors', () => {
  const hour = { from: at('08:00'), to: at('09:00') };
  const everyMinute = (tag: string, start: string, times: number) => almSeries(tag, at(start), times, 2 * MINUTE);
  const events = journal(
    // Flood 1, 08:10–08:20: P1 5, P2 4, P3 2, P4 2 (13 annunciations).
    everyMinute('P1', '08:10', 5),
    everyMinute('P2', '08:11', 4),
    alm(at('08:10:30'), 'P3'),
    alm(at('08:19:00'), 'P3'),
    alm(at('08:11:30'), 'P4'),
    alm(at('08:19:30'), 'P4'),
    // Flood 2, 08:40–08:50: P5 7, P1 4.
    almSeries('P5', at('08:40'), 7, 65_000),
    almSeries('P1', at('08:40:30'), 4, 3 * MINUTE),
  );

  it('takes the top 3 points of each flood (ties by tag) and merges a point over floods', () => {
    const summary = computeKpiSummary(events, hour);
    expect(summary.floods.map(({ start, end, count }) => [start, end, count])).toEqual([
      ['2024-03-04T08:10:00.000Z', '2024-03-04T08:20:00.000Z', 13],
      ['2024-03-04T08:40:00.000Z', '2024-03-04T08:50:00.000Z', 11],
    ]);
    expect(detectAbnormal(events, hour)).toEqual([
      {
        tag: 'P1',
        condition: 'PVHI',
        kind: 'floodContributor',
        firstSeen: at('08:10'),
        lastSeen: at('08:50'),
        count: 9,
      },
      {
        tag: 'P2',
        condition: 'PVHI',
        kind: 'floodContributor',
        firstSeen: at('08:10'),
        lastSeen: at('08:20'),
        count: 4,
      },
      {
        tag: 'P3',
        condition: 'PVHI',
        kind: 'floodContributor',
        firstSeen: at('08:10'),
        lastSeen: at('08:20'),
        count: 2,
      },
      {
        tag: 'P5',
        condition: 'PVHI',
        kind: 'floodContributor',
        firstSeen: at('08:40'),
        lastSeen: at('08:50'),
        count: 7,
      },
    ]);
  });

  it('takes as many top points as configured', () => {
    const findings = detectAbnormal(events, hour, {}, { floodContributorTop: 1 });
    expect(findings.map(({ tag, count }) => [tag, count])).toEqual([
      ['P1', 5],
      ['P5', 7],
    ]);
  });
});
