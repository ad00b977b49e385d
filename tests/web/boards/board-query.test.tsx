/** The boards' time ranges: 今天 starts at the plant's midnight, whatever zone the browser runs in. */
import { rangeWindow } from '@/components/board/boardQuery';
import { plantDayStart } from '@/utils/plantTime';
import { storePlantTimeZone } from '@/utils/session';

const at = (iso: string) => new Date(iso);

describe('board time ranges in the plant time zone', () => {
  // The browser runs in Los Angeles, a zone other than every plant zone below, whatever the runner's own.
  const runnerZone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'America/Los_Angeles';
  });
  afterAll(() => {
    process.env.TZ = runnerZone;
    if (runnerZone === undefined) delete process.env.TZ;
  });

  it('runs with the browser’s clock in Los Angeles', () => {
    expect(new Date('2025-05-05T01:30:00Z').getTimezoneOffset()).toBe(7 * 60);
  });

  it('today starts at the plant’s midnight, also when the browser’s date is another', () => {
    // 09:30 in Shanghai is 01:30 UTC the same day; 01:00 on the 5th in Shanghai is still the 4th in UTC.
    expect(rangeWindow({ range: 'today' }, at('2025-05-05T01:30:20Z'), 'Asia/Shanghai')).toEqual({
      from: '2025-05-04T16:00:00.000Z',
      to: '2025-05-05T01:31:00.000Z',
    });
    expect(rangeWindow({ range: 'today' }, at('2025-05-04T17:00:00Z'), 'Asia/Shanghai').from).toBe(
      '2025-05-04T16:00:00.000Z',
    );
    // 23:30 on the 4th in Shanghai: the plant's day began the previous evening, UTC.
    expect(rangeWindow({ range: 'today' }, at('2025-05-04T15:30:00Z'), 'Asia/Shanghai').from).toBe(
      '2025-05-03T16:00:00.000Z',
    );
  });

  it('handles offsets that are not whole hours and days that began before a daylight-saving change', () => {
    expect(plantDayStart(at('2025-05-05T01:30:00Z'), 'Asia/Kathmandu').toISOString()).toBe('2025-05-04T18:15:00.000Z');
    // New York springs forward at 02:00 on 9 March 2025: midnight was EST (−5), noon is EDT (−4).
    expect(plantDayStart(at('2025-03-09T16:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2025-03-09T05:00:00.000Z',
    );
    expect(plantDayStart(at('2025-11-02T16:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2025-11-02T04:00:00.000Z',
    );
  });

  it('takes the plant zone the server sent at start-up', () => {
    storePlantTimeZone('Asia/Shanghai');
    expect(rangeWindow({ range: 'today' }, at('2025-05-04T17:00:00Z')).from).toBe('2025-05-04T16:00:00.000Z');
  });

  it('keeps the rolling presets and the custom range as they are', () => {
    const now = at('2025-05-05T01:30:20Z');
    const span = (range: 'today' | '24h' | '7d' | '30d') => {
      const { from, to } = rangeWindow({ range }, now, 'Asia/Shanghai');
      return Date.parse(to) - Date.parse(from);
    };
    expect(span('24h')).toBe(86_400_000);
    expect(span('7d')).toBe(7 * 86_400_000);
    expect(span('30d')).toBe(30 * 86_400_000);
    const custom = { range: 'custom' as const, from: '2025-05-01T00:00:00.000Z', to: '2025-05-02T00:00:00.000Z' };
    expect(rangeWindow(custom, now, 'Asia/Shanghai')).toEqual({ from: custom.from, to: custom.to });
  });
});
