/**
 * fast-check generators of valid journal files (docs/api.md, "Journal file format v1") with the rows a reader
 * must find in them: columns in any order and case, unknown columns, every accepted time shape, Chinese
 * priorities, text with commas, quotes and line breaks, blank rows, BOM, LF / CRLF / CR line ends.
 * The expected rows are worked out here from what was generated, not by the reader's own code.
 */
import fc from 'fast-check';
import { PRIORITIES, type Priority } from '../../../contract/vocabulary';
import type { JournalColumn, JournalRow } from '../../../server/domain/journal';
import { EVENT_TYPES } from '../../../server/domain/kpi/types';

/** No daylight saving time since 1991: every plant-local reading is UTC + 8 h. */
export const PLANT_ZONE = 'Asia/Shanghai';
const PLANT_OFFSET_MS = 8 * 3_600_000;
const FIRST = Date.UTC(2000, 0, 1);
const LAST = Date.UTC(2030, 11, 31);

export const OPTIONAL_COLUMNS = ['priority', 'console', 'unit', 'description', 'value'] as const;
const UNKNOWN_COLUMNS = ['note', 'Remark', '备注'];

/** A cell as written in the file, and what the reader should make of it (undefined: absent). */
export interface GeneratedCell<T = string> {
  text: string;
  value: T | undefined;
}

export interface GeneratedRow {
  time: GeneratedCell<number>;
  tag: GeneratedCell;
  condition: GeneratedCell;
  event: GeneratedCell<JournalRow['event']>;
  priority: GeneratedCell<Priority>;
  console: GeneratedCell;
  unit: GeneratedCell;
  description: GeneratedCell;
  value: GeneratedCell<number | string>;
  /** Cells of the unknown columns, by column name. */
  extra: Record<string, string>;
}

export interface GeneratedJournal {
  /** Known and unknown column names as they stand in the header, in file order. */
  header: { name: string; column: JournalColumn | undefined; text: string }[];
  /** Header and data rows in file order; `blank` rows hold nothing and are skipped by readers. */
  records: ({ kind: 'header' } | { kind: 'blank'; text: string } | { kind: 'data'; row: GeneratedRow })[];
  bom: boolean;
  lineEnd: 'lf' | 'crlf' | 'cr' | 'mixed';
  finalLineEnd: boolean;
  /** Per line: which line end to use when `lineEnd` is mixed, and whether to quote fields that need none. */
  lineEnds: number[];
  quoteAll: boolean[];
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** Upper case where the matching bit of `bits` is set. */
function mixCase(text: string, bits: number): string {
  return [...text]
    .map((char, index) => ((bits >> (index % 30)) & 1 ? char.toUpperCase() : char.toLowerCase()))
    .join('');
}

/** The wall clock of `ms` read as UTC fields. */
function fields(ms: number) {
  const date = new Date(ms);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: date.getUTCSeconds(),
    ms: date.getUTCMilliseconds(),
  };
}

const timeCell: fc.Arbitrary<GeneratedCell<number>> = fc
  .record({
    instant: fc.integer({ min: FIRST, max: LAST }),
    shape: fc.constantFrom('plain', 'plain-ms', 'minutes', 'slash', 'utc', 'offset', 'fraction'),
    quarterHours: fc.integer({ min: -56, max: 56 }),
    offsetStyle: fc.constantFrom('colon', 'compact', 'hours'),
    lowerCase: fc.boolean(),
    digits: fc.integer({ min: 1, max: 9 }),
    fractionSeparator: fc.constantFrom('.', ','),
    spaces: fc.constantFrom('', ' ', '  '),
  })
  .map(({ instant, shape, quarterHours, offsetStyle, lowerCase, digits, fractionSeparator, spaces }) => {
    const seconds = Math.floor(instant / 1000) * 1000;
    const t = lowerCase ? 't' : 'T';
    const local = fields(instant + PLANT_OFFSET_MS);
    const date = `${local.year}-${pad(local.month)}-${pad(local.day)}`;
    const clock = `${pad(local.hour)}:${pad(local.minute)}:${pad(local.second)}`;
    let text: string;
    let value: number;
    switch (shape) {
      case 'plain':
        [text, value] = [`${date} ${clock}`, seconds];
        break;
      case 'plain-ms':
        [text, value] = [`${date} ${clock}.${pad(local.ms, 3)}`, instant];
        break;
      case 'minutes':
        [text, value] = [`${date}${t}${pad(local.hour)}:${pad(local.minute)}`, Math.floor(instant / 60_000) * 60_000];
        break;
      case 'slash':
        [text, value] = [
          `${local.year}/${local.month}/${local.day} ${local.hour}:${pad(local.minute)}:${pad(local.second)}`,
          seconds,
        ];
        break;
      case 'utc': {
        const u = fields(instant);
        text = `${u.year}-${pad(u.month)}-${pad(u.day)}${t}${pad(u.hour)}:${pad(u.minute)}:${pad(u.second)}.${pad(u.ms, 3)}${lowerCase ? 'z' : 'Z'}`;
        value = instant;
        break;
      }
      case 'offset': {
        const minutes = quarterHours * 15;
        const w = fields(instant + minutes * 60_000);
        const sign = minutes < 0 ? '-' : '+';
        const [hh, mm] = [pad(Math.floor(Math.abs(minutes) / 60)), pad(Math.abs(minutes) % 60)];
        const style = offsetStyle === 'hours' && mm !== '00' ? 'colon' : offsetStyle;
        const offset =
          style === 'colon' ? `${sign}${hh}:${mm}` : style === 'compact' ? `${sign}${hh}${mm}` : `${sign}${hh}`;
        text = `${w.year}-${pad(w.month)}-${pad(w.day)}${t}${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}${offset}`;
        value = seconds;
        break;
      }
      default: {
        // 1–9 fraction digits, read to the millisecond and no further.
        const kept = Math.min(digits, 3);
        const unit = 10 ** (3 - kept);
        const fraction = pad(local.ms, 3).slice(0, kept) + '7'.repeat(Math.max(0, digits - 3));
        text = `${date} ${clock}${fractionSeparator}${fraction}`;
        value = seconds + Math.floor(local.ms / unit) * unit;
      }
    }
    return { text: `${spaces}${text}${spaces}`, value };
  });

/** Pieces of text: the awkward ones for CSV (separators, quotes, line breaks), CJK, emoji, markup. */
const PIECES = [
  'a',
  'Z',
  '7',
  '-',
  '_',
  '.',
  '#',
  ' ',
  '\t',
  ',',
  '"',
  '""',
  '\n',
  '\r\n',
  "'",
  '<b>',
  '&',
  ';',
  '=',
  '中',
  '报警',
  '😀',
  '𠜎',
];

/** Text that stays non-empty once trimmed. */
const someText = (maxPieces: number) =>
  fc
    .array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: maxPieces })
    .map((pieces) => pieces.join(''))
    .filter((text) => text.trim() !== '');

const requiredText = someText(12).map((text) => ({ text, value: text.trim() }));
/** Blank cells (empty or only spaces) leave the field absent. */
const blankCell = fc.constantFrom('', ' ', '   ').map((text) => ({ text, value: undefined }));
const optionalText = (maxPieces: number): fc.Arbitrary<GeneratedCell> =>
  fc.oneof(
    blankCell,
    someText(maxPieces).map((text) => ({ text, value: text.trim() })),
  );

const eventCell = fc
  .tuple(fc.constantFrom(...EVENT_TYPES), fc.nat(), fc.constantFrom('', ' '))
  .map(([event, bits, spaces]) => ({ text: `${spaces}${mixCase(event, bits)}${spaces}`, value: event }));

const CHINESE_PRIORITIES: Record<string, Priority> = { 紧急: 'urgent', 高: 'high', 中: 'medium', 低: 'low' };
const priorityCell: fc.Arbitrary<GeneratedCell<Priority>> = fc.oneof(
  blankCell,
  fc.tuple(fc.constantFrom(...PRIORITIES), fc.nat()).map(([priority, bits]) => ({
    text: mixCase(priority, bits),
    value: priority,
  })),
  fc.constantFrom(...Object.entries(CHINESE_PRIORITIES)).map(([text, value]) => ({ text: ` ${text}`, value })),
);

/** Plain decimal numbers are read as numbers, anything else as text. */
const valueCell: fc.Arbitrary<GeneratedCell<number | string>> = fc.oneof(
  blankCell,
  fc.integer({ min: -1_000_000, max: 1_000_000 }).map((value) => ({ text: String(value), value })),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => ({ text: String(value), value })),
  fc.constantFrom('.5', '+3', '1e3', '-2.5E-3').map((text) => ({ text, value: Number(text) })),
  fc.constantFrom('OPEN', '开', 'N/A', '1.2.3', '12abc', '-', '+', '0x10').map((text) => ({ text, value: text })),
);

const generatedRow: fc.Arbitrary<GeneratedRow> = fc.record({
  time: timeCell,
  tag: requiredText,
  condition: requiredText,
  event: eventCell,
  priority: priorityCell,
  console: optionalText(6),
  unit: optionalText(6),
  description: optionalText(30),
  value: valueCell,
  extra: fc.record(Object.fromEntries(UNKNOWN_COLUMNS.map((name) => [name, fc.constantFrom('', 'x', '备注,"甲"')]))),
});

export const generatedJournal: fc.Arbitrary<GeneratedJournal> = fc
  .record({
    optional: fc.subarray([...OPTIONAL_COLUMNS]),
    unknown: fc.subarray(UNKNOWN_COLUMNS, { maxLength: 2 }),
    order: fc.array(fc.nat(), { minLength: 12, maxLength: 12 }),
    caseBits: fc.array(fc.nat(), { minLength: 12, maxLength: 12 }),
    rows: fc.array(fc.tuple(generatedRow, fc.constantFrom(0, 0, 0, 1, 2, 3)), { maxLength: 25 }),
    leadingBlanks: fc.nat({ max: 2 }),
    bom: fc.boolean(),
    lineEnd: fc.constantFrom('lf', 'crlf', 'cr', 'mixed'),
    finalLineEnd: fc.boolean(),
    lineEnds: fc.array(fc.nat({ max: 2 }), { minLength: 60, maxLength: 60 }),
    quoteAll: fc.array(fc.boolean(), { minLength: 60, maxLength: 60 }),
  })
  .map(({ optional, unknown, order, caseBits, rows, leadingBlanks, ...layout }) => {
    const names = [...(['time', 'tag', 'condition', 'event'] as JournalColumn[]), ...optional, ...unknown];
    // A permutation of the columns from the random keys in `order`.
    const columns = names
      .map((name, index) => ({ name, key: order[index] }))
      .sort((a, b) => a.key - b.key)
      .map(({ name }) => name);
    const header = columns.map((name, index) => {
      const known = name === name.toLowerCase() && !UNKNOWN_COLUMNS.includes(name);
      return {
        name,
        column: known ? (name as JournalColumn) : undefined,
        text: known ? mixCase(name, caseBits[index]) + (caseBits[index] % 3 === 0 ? ' ' : '') : name,
      };
    });
    const blankText = (kind: number) => (kind === 1 ? '' : kind === 2 ? ','.repeat(columns.length - 1) : '  ');
    const records: GeneratedJournal['records'] = [
      ...Array.from({ length: leadingBlanks }, () => ({ kind: 'blank' as const, text: '' })),
      { kind: 'header' },
    ];
    for (const [row, blankBefore] of rows) {
      if (blankBefore) records.push({ kind: 'blank', text: blankText(blankBefore) });
      records.push({ kind: 'data', row });
    }
    return { header, records, ...layout };
  });

/** The text of a data cell as the journal holds it, for a known or unknown column. */
export function cellText(row: GeneratedRow, name: string): string {
  if (name in row.extra) return row.extra[name];
  return (row[name as JournalColumn] as GeneratedCell<unknown>).text;
}

/** 1-based file rows of the data records, in order. */
export function dataRowNumbers(journal: GeneratedJournal): number[] {
  return journal.records.flatMap((record, index) => (record.kind === 'data' ? [index + 1] : []));
}

/** The rows a reader must produce: trimmed text, absent optional fields, only the columns the file has. */
export function expectedRows(
  journal: GeneratedJournal,
  normalise: (text: string) => string = (text) => text,
): JournalRow[] {
  const present = new Set(journal.header.map((entry) => entry.column));
  const numbers = dataRowNumbers(journal);
  return journal.records
    .flatMap((record) => (record.kind === 'data' ? [record.row] : []))
    .map((row, index) => {
      const expected: JournalRow = {
        row: numbers[index],
        time: row.time.value as number,
        tag: normalise(row.tag.value as string),
        condition: normalise(row.condition.value as string),
        event: row.event.value as JournalRow['event'],
      };
      for (const column of OPTIONAL_COLUMNS) {
        const value = row[column].value;
        if (present.has(column) && value !== undefined) {
          Object.assign(expected, { [column]: typeof value === 'string' ? normalise(value) : value });
        }
      }
      return expected;
    });
}

function quoted(text: string, always: boolean): string {
  return always || /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The journal as CSV text (RFC 4180, line ends and quoting as generated). */
export function csvText(journal: GeneratedJournal): string {
  const ends = ['\n', '\r\n', '\r'];
  const fixed = { lf: '\n', crlf: '\r\n', cr: '\r', mixed: undefined }[journal.lineEnd];
  const lines = journal.records.map((record, index) => {
    const quoteAll = journal.quoteAll[index % journal.quoteAll.length];
    if (record.kind === 'blank') return record.text;
    const cells =
      record.kind === 'header'
        ? journal.header.map((entry) => entry.text)
        : journal.header.map((entry) => cellText(record.row, entry.name));
    return cells.map((text) => quoted(text, quoteAll)).join(',');
  });
  const lineEnds = lines.map((_, index) => fixed ?? ends[journal.lineEnds[index % journal.lineEnds.length]]);
  // A CR end before an empty line ended by LF would read as one CRLF: the blank row would vanish.
  lineEnds.forEach((end, index) => {
    if (end === '\r' && lines[index + 1] === '' && lineEnds[index + 1]?.startsWith('\n')) lineEnds[index] = '\r\n';
  });
  let text = journal.bom ? '\uFEFF' : '';
  lines.forEach((line, index) => {
    text += line;
    if (index < lines.length - 1 || journal.finalLineEnd) text += lineEnds[index];
  });
  return text;
}

/** The journal as the rows of a sheet (text cells; blank records as empty rows). */
export function sheetRowsOf(journal: GeneratedJournal): string[][] {
  return journal.records.map((record) => {
    if (record.kind === 'blank') return [];
    if (record.kind === 'header') return journal.header.map((entry) => entry.text);
    return journal.header.map((entry) => cellText(record.row, entry.name));
  });
}
