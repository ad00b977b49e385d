import { seriesPer } from '../../../server/domain/kpi/series';
import { computeKpiSummary } from '../../../server/domain/kpi/summary';
import { alm, at, ev, iso, journal } from './journal';

const events = journal(
  alm(at('07:59'), 'BEFORE'),
  alm(at('08:00'), 'A'),
  alm(at('08:10:00.000'), 'A'),
  alm(at('08:10:30'), 'B'),
  ev(at('08:20'), 'C', 'SHLV'),
  alm(at('08:25'), 'C'),
  alm(at('09:15'), 'A'),
  alm(at('09:59:59.999'), 'B'),
  alm(at('10:00'), 'AFTER'),
);
const window = { from: at('08:00'), to: at('10:00') };

describe('seriesPer', () => {
  it('counts annunciations per 10-minute bucket, empty buckets included', () => {
    const series = seriesPer(events, { ...window, bucket: '10m' });
    expect(series.map((point) => point.annunciations)).toEqual([1, 2, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1]);
    expect(series[1]).toEqual({ start: iso('08:10'), end: iso('08:20'), annunciations: 2 });
    expect(series[11].end).toBe(iso('10:00'));
  });

  it('counts per hour and cuts the buckets at the window', () => {
    expect(seriesPer(events, { ...window, bucket: '1h' })).toEqual([
      { start: iso('08:00'), end: iso('09:00'), annunciations: 3 },
      { start: iso('09:00'), end: iso('10:00'), annunciations: 2 },
    ]);
    expect(seriesPer(events, { from: at('08:05'), to: at('09:30'), bucket: '1h' })).toEqual([
      { start: iso('08:05'), end: iso('09:00'), annunciations: 2 },
      { start: iso('09:00'), end: iso('09:30'), annunciations: 1 },
    ]);
  });

  it('counts per plant day', () => {
    const days = journal(
      alm(at('15:59', '2024-03-01'), 'A'),
      alm(at('16:00', '2024-03-01'), 'A'),
      alm(at('23:00', '2024-03-02'), 'A'),
    );
    const range = { from: at('00:00', '2024-03-01'), to: at('00:00', '2024-03-03') };
    expect(seriesPer(days, { ...range, bucket: '1d' })).toEqual([
      { start: iso('00:00', '2024-03-01'), end: iso('16:00', '2024-03-01'), annunciations: 1 },
      { start: iso('16:00', '2024-03-01'), end: iso('16:00', '2024-03-02'), annunciations: 1 },
      { start: iso('16:00', '2024-03-02'), end: iso('00:00', '2024-03-03'), annunciations: 1 },
    ]);
    expect(seriesPer(days, { ...range, bucket: '1d', timeZone: 'UTC' }).map((day) => day.annunciations)).toEqual([
      2, 1,
    ]);
  });

  it('counts what the summary counts', () => {
    const total = seriesPer(events, { ...window, bucket: '10m' }).reduce((sum, point) => sum + point.annunciations, 0);
    expect(total).toBe(computeKpiSummary(events, window).annunciations);
    expect(total).toBe(5);
  });

  it('is empty for an empty window', () => {
    expect(seriesPer(events, { from: at('08:00'), to: at('08:00'), bucket: '1h' })).toEqual([]);
  });
});
