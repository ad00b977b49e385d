import { frequentPoints } from '../../../server/domain/kpi/frequent';
import { almSeries, at, ev, journal } from './journal';

// Two Asia/Shanghai days, 2024-03-02 and 2024-03-03 (local midnight is 16:00 UTC the day before).
const window = { from: at('16:00', '2024-03-01'), to: at('16:00', '2024-03-03') };
const MINUTE = 60_000;

const events = journal(
  almSeries('F50', at('17:00', '2024-03-01'), 50, 10 * MINUTE),
  almSeries('F51', at('17:00', '2024-03-01'), 51, 10 * MINUTE),
  // 51 on 2024-03-02 and 55 on 2024-03-03, local.
  almSeries('F2', at('16:00', '2024-03-01'), 51, 10 * MINUTE),
  almSeries('F2', at('16:00', '2024-03-02'), 55, 10 * MINUTE),
  // 30 before and 30 after local midnight: one UTC day, two plant days.
  almSeries('FS', at('15:00', '2024-03-02'), 30, 2 * MINUTE),
  almSeries('FS', at('16:00', '2024-03-02'), 30, 2 * MINUTE),
);

describe('frequentPoints', () => {
  it('finds points with more than frequentPerDay annunciations in a plant day (51 yes, 50 no)', () => {
    expect(frequentPoints(events, window)).toEqual([
      {
        tag: 'F2',
        condition: 'PVHI',
        maxDayCount: 55,
        maxDay: '2024-03-03',
        daysOver: 2,
        firstSeen: at('16:00', '2024-03-01'),
        lastSeen: at('16:00', '2024-03-02') + 54 * 10 * MINUTE,
      },
      {
        tag: 'F51',
        condition: 'PVHI',
        maxDayCount: 51,
        maxDay: '2024-03-02',
        daysOver: 1,
        firstSeen: at('17:00', '2024-03-01'),
        lastSeen: at('17:00', '2024-03-01') + 50 * 10 * MINUTE,
      },
    ]);
  });

  it('cuts days at the plant time zone midnight', () => {
    const utc = frequentPoints(events, { ...window, timeZone: 'UTC' });
    expect(utc.find((point) => point.tag === 'FS')).toMatchObject({ maxDayCount: 60, maxDay: '2024-03-02' });
  });

  it('uses frequentPerDay', () => {
    const found = frequentPoints(events, { ...window, settings: { frequentPerDay: 49 } });
    expect(found.map(({ tag, maxDayCount }) => [tag, maxDayCount])).toEqual([
      ['F2', 55],
      ['F51', 51],
      ['F50', 50],
    ]);
  });

  it('counts annunciations only: shelved ALMs and ALMs outside the window do not count', () => {
    const shelved = journal(ev(at('16:00', '2024-03-01'), 'F51', 'SHLV'), events);
    expect(frequentPoints(shelved, window).map((point) => point.tag)).toEqual(['F2']);
    const cut = { from: at('16:00', '2024-03-01') + 10 * MINUTE, to: window.to };
    expect(frequentPoints(events, cut).find((point) => point.tag === 'F2')).toMatchObject({
      daysOver: 1,
      maxDayCount: 55,
    });
  });

  it('finds nothing in an empty journal', () => {
    expect(frequentPoints([], window)).toEqual([]);
  });
});
