/**
 * The workbook parts as exceljs's streaming reader is to get them (./archive.ts builds the archive it reads):
 * which worksheet is the first tab, and the worksheet's XML prepared so that every cell reads as written.
 */

/** Worksheet parts of an archive, as exceljs recognises them. */
export const WORKSHEET = /^xl\/worksheets\/sheet\d+\.xml$/;

/** The value of attribute `name` (an exact name, e.g. `Id`, or a pattern for a prefixed one) in a tag's text. */
function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`).exec(tag)?.[1];
}

/**
 * The part of the first tab that is a worksheet (`xl/worksheets/sheetN.xml`), from workbook.xml (its tabs in
 * order, each naming a relation) and its relations (xl/_rels/workbook.xml.rels, each relation's target); chart
 * sheets and tabs whose part the archive lacks are passed over. Undefined when no tab is a worksheet.
 */
export function firstWorksheetPart(
  workbook: string,
  relations: string,
  parts: ReadonlySet<string>,
): string | undefined {
  const targets = new Map<string, string>();
  for (const [tag] of relations.matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)) {
    const id = attribute(tag, 'Id');
    const target = attribute(tag, 'Target');
    // Targets are relative to xl/ unless absolute within the package.
    if (id !== undefined && target !== undefined) {
      targets.set(id, target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`);
    }
  }
  for (const [tag] of workbook.matchAll(/<(?:\w+:)?sheet\b[^>]*>/g)) {
    // The relation is named by `id` in the relationships namespace, whatever its prefix.
    const relation = attribute(tag, '[\\w.-]+:id');
    const part = relation === undefined ? undefined : targets.get(relation);
    if (part !== undefined && WORKSHEET.test(part) && parts.has(part)) return part;
  }
  return undefined;
}

const AMPERSAND = 0x26;
const SEMICOLON = 0x3b;
/** The references to `&` XML allows in text: `&amp;` and the numeric ones. */
const AMPERSAND_REFERENCE = /&(?:amp|#0*38|#x0*26);/g;
/** Longer than any reference to `&` worth waiting for at the end of a piece. */
const LONGEST_REFERENCE = 16;

/** Where `bytes` may be cut: before a reference or UTF-8 sequence it does not hold whole. */
function safeEnd(bytes: Buffer): number {
  let end = bytes.length;
  const ampersand = bytes.lastIndexOf(AMPERSAND);
  if (ampersand !== -1 && end - ampersand < LONGEST_REFERENCE && bytes.indexOf(SEMICOLON, ampersand) === -1) {
    end = ampersand;
  }
  let lead = end - 1;
  while (lead >= 0 && end - lead < 4 && (bytes[lead] & 0xc0) === 0x80) lead--;
  if (lead >= 0 && bytes[lead] >= 0xc0) {
    const length = bytes[lead] >= 0xf0 ? 4 : bytes[lead] >= 0xe0 ? 3 : 2;
    if (end - lead < length) end = lead;
  }
  return end;
}

function doubleAmpersands(bytes: Buffer): Buffer {
  if (bytes.indexOf(AMPERSAND) === -1) return bytes;
  // latin1 maps each byte to one character and back: UTF-8 sequences pass through untouched.
  return Buffer.from(bytes.toString('latin1').replace(AMPERSAND_REFERENCE, '&amp;amp;'), 'latin1');
}

/**
 * A worksheet's XML as exceljs's worksheet reader should get it, so that every cell reads as written:
 * - exceljs runs the text of inline-string and formula-string cells through its own entity decoder after its
 *   XML parser has already decoded it, so a cell holding the text `&lt;` would be read as `<`. Each reference to
 *   `&` is written once more over (`&amp;` → `&amp;amp;`): the parser leaves `&amp;` where the text had `&`, and
 *   exceljs's second decoding turns that back into `&`, so no other entity-like text is touched. Nothing else
 *   read from the sheet holds an `&` (formula texts do, and only their results are read).
 * - exceljs decodes each piece of the XML as UTF-8 on its own, so a character cut between two pieces came out as
 *   U+FFFD (a valid Chinese text refused now and then in a large sheet): pieces end on whole characters. The
 *   archive stores the sheet uncompressed, and its reader hands on the stored bytes in the pieces they came in.
 */
export async function* sheetXmlForExceljs(
  source: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
): AsyncGenerator<Buffer> {
  let carried = Buffer.alloc(0);
  for await (const chunk of source) {
    const piece =
      typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const bytes = carried.length ? Buffer.concat([carried, piece]) : piece;
    const end = safeEnd(bytes);
    // A copy: the source may reuse its buffer once the next piece is asked for.
    carried = Buffer.from(bytes.subarray(end));
    if (end > 0) yield doubleAmpersands(bytes.subarray(0, end));
  }
  if (carried.length) yield doubleAmpersands(carried);
}
