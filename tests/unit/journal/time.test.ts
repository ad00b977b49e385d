import { parseJournalTime, readJournalTime } from '../../../server/domain/journal';
import { utc } from './helpers';

describe('parseJournalTime: ISO 8601 with an offset is an instant, whatever the plant zone', () => {
  it.each([
    ['2026-03-01T00:00:00Z', '2026-03-01T00:00:00.000Z'],
    ['2026-03-01t00:00:00z', '2026-03-01T00:00:00.000Z'],
    ['2026-03-01T08:00:00+08:00', '2026-03-01T00:00:00.000Z'],
    ['2026-03-01T08:00:00+0800', '2026-03-01T00:00:00.000Z'],
    ['2026-03-01T08:00:00+08', '2026-03-01T00:00:00.000Z'],
    ['2026-02-28T19:00:00-05:00', '2026-03-01T00:00:00.000Z'],
    ['2026-03-01T05:45:00+05:45', '2026-03-01T00:00:00.000Z'],
    ['2026-03-01 08:00:00+08:00', '2026-03-01T00:00:00.000Z'],
    ['2026-03-01T00:00:00.5Z', '2026-03-01T00:00:00.500Z'],
    ['2026-03-01T00:00:00.123Z', '2026-03-01T00:00:00.123Z'],
    ['2026-03-01T00:00:00.123987654Z', '2026-03-01T00:00:00.123Z'],
    ['2026-03-01T00:00Z', '2026-03-01T00:00:00.000Z'],
    ['  2026-03-01T00:00:00Z  ', '2026-03-01T00:00:00.000Z'],
  ])('%j → %s', (text, iso) => {
    expect(parseJournalTime(text, 'Europe/Berlin')).toBe(utc(iso));
    expect(parseJournalTime(text, 'Asia/Shanghai')).toBe(utc(iso));
  });
});

describe('parseJournalTime: times without an offset are plant-local (Asia/Shanghai by default)', () => {
  it.each([
    ['2026-03-01 08:00:00', '2026-03-01T00:00:00.000Z'],
    ['2026-03-01 08:00:00.123', '2026-03-01T00:00:00.123Z'],
    ['2026-03-01 08:00:00.1', '2026-03-01T00:00:00.100Z'],
    ['2026/03/01 08:00:00', '2026-03-01T00:00:00.000Z'],
    ['2026-03-01T08:00:00', '2026-03-01T00:00:00.000Z'],
    ['2026/3/1 8:00', '2026-03-01T00:00:00.000Z'],
    ['2026-03-01 08:00', '2026-03-01T00:00:00.000Z'],
    ['2026-01-01 07:59:59', '2025-12-31T23:59:59.000Z'],
    ['2024-02-29 12:00:00', '2024-02-29T04:00:00.000Z'],
  ])('%j → %s', (text, iso) => {
    expect(parseJournalTime(text)).toBe(utc(iso));
    expect(parseJournalTime(text, 'Asia/Shanghai')).toBe(utc(iso));
  });

  it('reads the same wall clock differently in another zone', () => {
    expect(parseJournalTime('2026-03-01 08:00:00', 'UTC')).toBe(utc('2026-03-01T08:00:00Z'));
    expect(parseJournalTime('2026-03-01 08:00:00', 'America/New_York')).toBe(utc('2026-03-01T13:00:00Z'));
  });
});

describe('parseJournalTime: impossible or unreadable times', () => {
  it.each([
    '2026/13/01 00:00:00',
    '2026-00-10 00:00:00',
    '2026-02-29 00:00:00',
    '2026-02-30 12:00:00',
    '2026-04-31 12:00:00',
    '2026-03-01 24:00:00',
    '2026-03-01 23:60:00',
    '2026-03-01 23:59:60',
    '2026-03-01T08:00:00+15:00',
    '2026-03-01T08:00:00+08:60',
    '2026-03-01',
    '08:00:00',
    '2026-03-01 8:00:00 PM',
    '01/03/2026 08:00:00',
    '2026-03/01 08:00:00',
    '0999-03-01 08:00:00',
    '1772323200000',
    '',
    'yesterday',
  ])('rejects %j', (text) => {
    expect(parseJournalTime(text)).toBeUndefined();
    expect(readJournalTime(text)).toEqual({ ok: false, reason: 'format' });
  });

  it('throws a RangeError for a zone the runtime does not know (a configuration error, not a row error)', () => {
    expect(() => parseJournalTime('2026-03-01 08:00:00', 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('parseJournalTime: daylight saving time (Europe/Berlin, CET +01:00 / CEST +02:00)', () => {
  const berlin = (text: string) => parseJournalTime(text, 'Europe/Berlin');

  it('uses winter and summer offsets away from the transitions', () => {
    expect(berlin('2026-01-15 12:00:00')).toBe(utc('2026-01-15T11:00:00Z'));
    expect(berlin('2026-07-15 12:00:00')).toBe(utc('2026-07-15T10:00:00Z'));
  });

  it('spring gap 2026-03-29 02:00–03:00 does not exist and is rejected', () => {
    expect(berlin('2026-03-29 01:59:59.999')).toBe(utc('2026-03-29T00:59:59.999Z'));
    expect(berlin('2026-03-29 02:00:00')).toBeUndefined();
    expect(berlin('2026-03-29 02:30:00')).toBeUndefined();
    expect(berlin('2026-03-29 02:59:59')).toBeUndefined();
    expect(readJournalTime('2026-03-29 02:30:00', 'Europe/Berlin')).toEqual({ ok: false, reason: 'nonexistent' });
    expect(berlin('2026-03-29 03:00:00')).toBe(utc('2026-03-29T01:00:00Z'));
  });

  it('autumn overlap 2026-10-25 02:00–03:00 happens twice: the earlier instant (summer time) is taken', () => {
    expect(berlin('2026-10-25 01:59:59')).toBe(utc('2026-10-24T23:59:59Z'));
    expect(berlin('2026-10-25 02:00:00')).toBe(utc('2026-10-25T00:00:00Z'));
    expect(berlin('2026-10-25 02:30:00')).toBe(utc('2026-10-25T00:30:00Z'));
    expect(berlin('2026-10-25 02:59:59')).toBe(utc('2026-10-25T00:59:59Z'));
    expect(berlin('2026-10-25 03:00:00')).toBe(utc('2026-10-25T02:00:00Z'));
  });

  it('an explicit offset reaches the second pass of the overlap', () => {
    expect(berlin('2026-10-25T02:30:00+01:00')).toBe(utc('2026-10-25T01:30:00Z'));
    expect(berlin('2026-10-25T02:30:00+02:00')).toBe(utc('2026-10-25T00:30:00Z'));
  });

  it('works the same in another DST zone (America/New_York) and with a 30-minute shift (Australia/Lord_Howe)', () => {
    expect(parseJournalTime('2026-03-08 02:30:00', 'America/New_York')).toBeUndefined();
    expect(parseJournalTime('2026-03-08 03:00:00', 'America/New_York')).toBe(utc('2026-03-08T07:00:00Z'));
    expect(parseJournalTime('2026-11-01 01:30:00', 'America/New_York')).toBe(utc('2026-11-01T05:30:00Z'));
    // Lord Howe moves from +10:30 to +11:00 at 02:00 on the first Sunday of October.
    expect(parseJournalTime('2026-10-04 02:15:00', 'Australia/Lord_Howe')).toBeUndefined();
    expect(parseJournalTime('2026-10-04 02:30:00', 'Australia/Lord_Howe')).toBe(utc('2026-10-03T15:30:00Z'));
    expect(parseJournalTime('2026-10-04 01:59:00', 'Australia/Lord_Howe')).toBe(utc('2026-10-03T15:29:00Z'));
  });

  it('Asia/Shanghai has no DST: every wall time maps to +08:00', () => {
    expect(parseJournalTime('2026-03-29 02:30:00')).toBe(utc('2026-03-28T18:30:00Z'));
    expect(parseJournalTime('2026-10-25 02:30:00')).toBe(utc('2026-10-24T18:30:00Z'));
  });
});

describe('parseJournalTime: xlsx date cells (exceljs Dates whose UTC fields are the wall clock)', () => {
  it('reads the cell as plant-local wall time', () => {
    const cell = new Date(Date.UTC(2026, 2, 1, 8, 0, 0, 250));
    expect(parseJournalTime(cell)).toBe(utc('2026-03-01T00:00:00.250Z'));
    expect(parseJournalTime(cell, 'Europe/Berlin')).toBe(utc('2026-03-01T07:00:00.250Z'));
  });

  it('applies the same DST rules as text', () => {
    expect(parseJournalTime(new Date(Date.UTC(2026, 2, 29, 2, 30)), 'Europe/Berlin')).toBeUndefined();
    expect(parseJournalTime(new Date(Date.UTC(2026, 9, 25, 2, 30)), 'Europe/Berlin')).toBe(utc('2026-10-25T00:30:00Z'));
  });

  it('rejects an invalid Date', () => {
    expect(readJournalTime(new Date(Number.NaN))).toEqual({ ok: false, reason: 'format' });
  });
});
