/**
 * The bytes of an `.xlsx` workbook, streamed: the few parts an export needs (sheets of text, numbers and
 * booleans; a bold, frozen header row; column widths), each row written as one XML string and deflated by
 * zlib, which runs on libuv's thread pool beside the event loop.
 *
 * Written here rather than with exceljs's streaming writer: that builds a cell object, a style and an XML
 * node per cell, ≈ 5 s of CPU for 100,000 rows × 24 columns, which alone broke the export budget of
 * docs/quality.md (3 s). This writer takes a fraction of that. The ZIP container is zip-stream's (the one exceljs's
 * own writer uses), fed part after part as the bytes are consumed.
 */
import { once } from 'node:events';
import { Readable } from 'node:stream';
import ZipStream from 'zip-stream';

/** A cell as written: dates are turned into text by the caller; null and non-finite numbers leave it empty. */
export type SheetCell = string | number | boolean | null;

export interface SheetContent {
  name: string;
  header: readonly string[];
  /** Column widths in characters, in column order. */
  widths: readonly number[];
  rows: AsyncIterable<readonly SheetCell[]> | Iterable<readonly SheetCell[]>;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const PART_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

/** Style 1 of styles.xml: the bold header font. */
const HEADER_STYLE = 1;
/**
 * Style 2: `quotePrefix`, for text that a spreadsheet would take for a formula once edited or saved as
 * CSV (OWASP's formula injection: a leading `=`, `+`, `-`, `@`, tab or carriage return). The cell keeps
 * its text as written; Excel shows it as text and keeps it so.
 */
const TEXT_STYLE = ' s="2"';
const FORMULA_LIKE = /^[=+\-@\t\r]/;
const STYLES = `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" quotePrefix="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

/** Speed over size: half the CPU of zlib's default level, for a file about a third larger. */
const DEFLATE_LEVEL = 1;
/** Rows are gathered into pieces of this many bytes for the deflater. */
const PIECE_BYTES = 64 * 1024;

/** Markup characters, and the control characters XML 1.0 cannot carry at all (dropped). */
const UNSAFE_CHARACTERS = '[&<>"\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\uFFFE\\uFFFF]';
const HAS_UNSAFE = new RegExp(UNSAFE_CHARACTERS);
const EVERY_UNSAFE = new RegExp(UNSAFE_CHARACTERS, 'g');
const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

function escapeXml(text: string): string {
  // Most texts need nothing: testing first is cheaper than a replace that finds nothing.
  return HAS_UNSAFE.test(text) ? text.replace(EVERY_UNSAFE, (char) => ENTITIES[char] ?? '') : text;
}

/** `A`, `B`, … `Z`, `AA`: the letters of a 0-based column index. */
function columnLetters(index: number): string {
  let letters = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  }
  return letters;
}

function cellXml(reference: string, value: SheetCell, style = ''): string {
  if (typeof value === 'string') {
    if (!style && FORMULA_LIKE.test(value)) style = TEXT_STYLE;
    // Excel trims a text's edge spaces and line breaks unless told to keep them.
    const edges = value.charCodeAt(0) <= 32 || value.charCodeAt(value.length - 1) <= 32;
    return `<c r="${reference}"${style} t="inlineStr"><is><t${edges ? ' xml:space="preserve"' : ''}>${escapeXml(value)}</t></is></c>`;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${reference}"${style}><v>${value}</v></c>` : '';
  if (typeof value === 'boolean') return `<c r="${reference}"${style} t="b"><v>${value ? 1 : 0}</v></c>`;
  return '';
}

/**
 * UTF-8 text gathered into pieces of about PIECE_BYTES. Each row is encoded on its own: concatenating rows
 * into one long string first costs several times more (V8 flattens the mixed Latin-1 and Chinese text).
 */
class PieceWriter {
  private piece = Buffer.allocUnsafe(PIECE_BYTES);
  private used = 0;

  /** The text, and a full piece when one is ready. */
  add(text: string): Buffer | undefined {
    // At most 3 bytes per UTF-16 unit.
    if (this.used + text.length * 3 <= this.piece.length) {
      this.used += this.piece.write(text, this.used);
      return undefined;
    }
    const full = this.take();
    if (text.length * 3 > this.piece.length) return Buffer.concat([full, Buffer.from(text)]);
    this.used = this.piece.write(text, 0);
    return full;
  }

  take(): Buffer {
    const full = this.piece.subarray(0, this.used);
    this.piece = Buffer.allocUnsafe(PIECE_BYTES);
    this.used = 0;
    return full;
  }
}

/** The worksheet XML, a piece of rows at a time. */
async function* sheetXml({ header, widths, rows }: SheetContent): AsyncGenerator<Buffer> {
  const letters = Array.from({ length: Math.max(header.length, 1) }, (_, index) => columnLetters(index));
  const cols = widths.map(
    (width, index) => `<col min="${index + 1}" max="${index + 1}" width="${width}" customWidth="1"/>`,
  );
  const headerStyle = ` s="${HEADER_STYLE}"`;
  const pieces = new PieceWriter();
  pieces.add(
    `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${RELATIONSHIPS_NS}">` +
      '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
      `<sheetFormatPr defaultRowHeight="15"/>${cols.length ? `<cols>${cols.join('')}</cols>` : ''}<sheetData>` +
      `<row r="1">${header.map((text, index) => cellXml(`${letters[index]}1`, text, headerStyle)).join('')}</row>`,
  );
  let rowNumber = 1;
  for await (const row of rows) {
    rowNumber++;
    let xml = `<row r="${rowNumber}">`;
    for (let index = 0; index < row.length; index++) {
      const letter = letters[index] ?? columnLetters(index);
      xml += cellXml(letter + rowNumber, row[index]);
    }
    const full = pieces.add(`${xml}</row>`);
    if (full) yield full;
  }
  pieces.add('</sheetData></worksheet>');
  yield pieces.take();
}

/** One part of the archive, its data deflated as the archive is read; settles once the part is written. */
function addPart(zip: ZipStream, name: string, content: string | Readable): Promise<void> {
  return new Promise((resolve, reject) => {
    zip.entry(typeof content === 'string' ? Buffer.from(content) : content, { name }, (error) =>
      error ? reject(error) : resolve(),
    );
  });
}

/** The workbook's bytes, its sheets in order; each sheet's rows are read once, as the bytes are consumed. */
export async function* xlsxBytes(sheets: readonly SheetContent[]): AsyncGenerator<Buffer> {
  const zip = new ZipStream({ zlib: { level: DEFLATE_LEVEL } });
  const sheetPart = (index: number) => `worksheets/sheet${index + 1}.xml`;
  const overrides = sheets.map(
    (_, index) => `<Override PartName="/xl/${sheetPart(index)}" ContentType="${PART_TYPE}.worksheet+xml"/>`,
  );
  const sheetList = sheets.map(
    (sheet, index) => `<sheet name="${escapeXml(sheet.name)}" sheetId="${index + 1}" r:id="rId${index + 1}"/>`,
  );
  const relations = sheets.map(
    (_, index) =>
      `<Relationship Id="rId${index + 1}" Type="${RELATIONSHIPS_NS}/worksheet" Target="${sheetPart(index)}"/>`,
  );
  const parts: [string, string | (() => Readable)][] = [
    [
      '[Content_Types].xml',
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        `<Override PartName="/xl/workbook.xml" ContentType="${PART_TYPE}.sheet.main+xml"/>` +
        `<Override PartName="/xl/styles.xml" ContentType="${PART_TYPE}.styles+xml"/>${overrides.join('')}</Types>`,
    ],
    [
      '_rels/.rels',
      `${XML_HEAD}<Relationships xmlns="${PACKAGE_RELATIONSHIPS_NS}"><Relationship Id="rId1" Type="${RELATIONSHIPS_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${RELATIONSHIPS_NS}"><bookViews><workbookView/></bookViews><sheets>${sheetList.join('')}</sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${XML_HEAD}<Relationships xmlns="${PACKAGE_RELATIONSHIPS_NS}">${relations.join('')}<Relationship Id="rId${sheets.length + 1}" Type="${RELATIONSHIPS_NS}/styles" Target="styles.xml"/></Relationships>`,
    ],
    ['xl/styles.xml', STYLES],
    ...sheets.map((sheet, index): [string, () => Readable] => [
      `xl/${sheetPart(index)}`,
      () => Readable.from(sheetXml(sheet)),
    ]),
  ];

  // The sheet being written: destroyed, with its rows, when the reader stops early.
  let source: Readable | undefined;
  const writing = (async () => {
    for (const [name, content] of parts) {
      if (typeof content === 'string') {
        await addPart(zip, name, content);
      } else {
        source = content();
        await addPart(zip, name, source);
      }
    }
    zip.finalize();
  })();
  // A failing part (the rows' query) ends the archive with its error, which ends the loop below.
  writing.catch((error: Error) => zip.destroy(error));
  try {
    for await (const chunk of zip) yield chunk;
  } finally {
    zip.destroy();
    if (source && !source.closed) {
      // Closed once the rows' iterator has returned: the reader's stop releases them before it goes on.
      const closed = once(source, 'close');
      source.destroy();
      await closed;
    }
  }
}
