/** COPY text encoding of journal rows (server/domain/ingest/copyText.ts). */
import { describe, expect, it } from 'vitest';
import { CopyBuffer, copyField, copyLine, isoTimestamp } from '../../../server/domain/ingest/copyText';

describe('COPY text format', () => {
  it('writes NULL, booleans and numbers as PostgreSQL reads them', () => {
    expect(copyField(null)).toBe('\\N');
    expect(copyField(undefined)).toBe('\\N');
    expect(copyField(true)).toBe('t');
    expect(copyField(false)).toBe('f');
    expect(copyField(12.5)).toBe('12.5');
    expect(copyField(1e-7)).toBe('1e-7');
  });

  it('escapes backslash, tab, newline and carriage return, and leaves other text alone', () => {
    expect(copyField('进料流量高')).toBe('进料流量高');
    expect(copyField('a\\b\tc\nd\re')).toBe('a\\\\b\\tc\\nd\\re');
    expect(copyField('\\N')).toBe('\\\\N');
  });

  it('joins fields with tabs and ends the line', () => {
    expect(copyLine(['2025-01-01T00:00:00.000Z', 7, 'ALM', null, true])).toBe(
      '2025-01-01T00:00:00.000Z\t7\tALM\t\\N\tt\n',
    );
  });
});

describe('CopyBuffer', () => {
  it('hands over the lines added since the last take, as UTF-8, growing past its first size', () => {
    const buffer = new CopyBuffer();
    buffer.add(['旧', 1]);
    expect(Buffer.from(buffer.take()).toString('utf8')).toBe('旧\t1\n');
    const long = 'x'.repeat(700_000);
    buffer.add(['进料\t流量', 2]);
    buffer.add([long, null]);
    expect(buffer.rows).toBe(2);
    const taken = buffer.take();
    buffer.add(['next', 3]);
    expect(Buffer.from(taken).toString('utf8')).toBe(`进料\\t流量\t2\n${long}\t\\N\n`);
    expect(buffer.rows).toBe(1);
  });
});

describe('isoTimestamp', () => {
  it('writes what toISOString writes, whatever the order of the times', () => {
    const times = [
      0,
      -1,
      Date.UTC(2025, 5, 1),
      Date.UTC(2025, 5, 1) - 1,
      Date.UTC(2024, 1, 29, 23, 59, 59, 999),
      Date.UTC(1000, 0, 1, 0, 0, 0, 7),
      Date.UTC(9999, 11, 31, 12, 5, 9, 42),
      Date.UTC(12000, 0, 1),
      Date.UTC(-50, 0, 1, 1, 2, 3, 4),
      1_700_000_000_123.5,
    ];
    for (let i = 0; i < 2000; i++)
      times.push(Date.UTC(2025, 0, 1) + Math.floor(((i * 7919) % 1000) * 86_400_000 * 0.37 + i));
    for (const time of times) expect(isoTimestamp(time)).toBe(new Date(time).toISOString());
  });
});
