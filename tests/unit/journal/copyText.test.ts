/** COPY text encoding of journal rows (server/domain/ingest/copyText.ts). */
import { describe, expect, it } from 'vitest';
import { copyField, copyLine } from '../../../server/domain/ingest/copyText';

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
