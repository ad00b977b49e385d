/**
 * An xlsx upload read within what it may unpack to (docs/api.md, "Import limits"). An xlsx is a ZIP archive,
 * and a few MB of it can inflate to gigabytes: the upload limit counts compressed bytes only.
 *
 * - The upload is first received whole (its compressed bytes, within the upload limit): kept in memory up to
 *   1 MiB, else written to a temporary file.
 * - Its central directory is read and checked before anything is inflated: the declared uncompressed sizes
 *   together within `maxUnpackedBytes`, no large entry compressed more than `maxRatio` times, the parts read
 *   whole into memory (shared strings, styles, workbook) within their own bounds.
 * - Declared sizes can lie: while an entry inflates its bytes are counted, and an entry that inflates to more
 *   than its declared size is refused there, so the declared total bounds what is ever inflated. The shared
 *   strings (held in memory by the reader) are counted as they pass.
 * - exceljs reads the archive as a stream, walking local headers (which need not agree with the directory).
 *   It is handed a new archive instead, built from the checked entries: the parts it reads, stored (not
 *   compressed) with their sizes, workbook relations and shared strings before the one worksheet it is to read
 *   (the first tab that is a worksheet), so that it never parks a worksheet in a temporary file of its own. The
 *   worksheet's XML is prepared for exceljs's reader on the way (./sheet-xml.ts).
 * - The temporary file is removed on every path (see `readXlsxRows`).
 */
import fs from 'node:fs';
import { type FileHandle, mkdtemp, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createInflateRaw } from 'node:zlib';
import type { JournalInput } from './csv';
import { firstWorksheetPart, sheetXmlForExceljs } from './sheet-xml';
import { JournalFileError, type UnpackLimits } from './types';

const MiB = 1024 * 1024;

/** docs/api.md's defaults (IMPORT_MAX_UNPACKED_MB, IMPORT_MAX_RATIO). */
export const UNPACK_LIMITS: UnpackLimits = Object.freeze({ maxUnpackedBytes: 500 * MiB, maxRatio: 100 });

/** Entries smaller than this are not held to the ratio: they cannot unpack to much whatever their ratio. */
export const RATIO_FLOOR = MiB;
/** Shared strings are held in memory while the sheet is read: at most this many texts… */
export const MAX_SHARED_STRINGS = 1_500_000;
/** …and this much XML. */
export const MAX_SHARED_STRINGS_BYTES = 100 * MiB;
/** Other parts read whole into memory (workbook, its relations, styles). */
export const MAX_PART_BYTES = 16 * MiB;
/** Entries of an archive; a workbook has a few dozen. */
const MAX_ENTRIES = 10_000;
/** Bytes of the central directory (MAX_ENTRIES entries with reasonable names). */
const MAX_DIRECTORY_BYTES = 4 * MiB;

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
const ZIP64_EXTRA = 0x0001;
const STORED = 0;
const DEFLATED = 8;
const UTF8_NAMES = 0x800;
const ENCRYPTED = 0x1;

const SHARED_STRINGS = 'xl/sharedStrings.xml';
const RELATIONS = 'xl/_rels/workbook.xml.rels';
const WORKBOOK = 'xl/workbook.xml';
/** The parts exceljs reads, in the order it is given them (the worksheet last). */
const LEADING_PARTS = [RELATIONS, WORKBOOK, SHARED_STRINGS, 'xl/styles.xml'];
/** Given in place of missing shared strings, so that worksheets are never parked (a sheet of inline texts). */
const EMPTY_SHARED_STRINGS = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>',
);

const megabytes = (bytes: number) => `${Math.round(bytes / MiB)} MB`;

const unreadable = (cause?: unknown) =>
  new JournalFileError(
    '无法读取 xlsx 文件：文件已损坏或不是 Excel 工作簿（.xlsx），请在 Excel 中重新另存为 .xlsx 或 CSV UTF-8',
    { cause },
  );

const bomb = (name: string, detail: string) =>
  new JournalFileError(`压缩比异常（疑似压缩炸弹）：xlsx 文件中的 ${name} ${detail}，拒绝读取`);

export interface ArchiveEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  /** As declared by the central directory. */
  size: number;
  /** Of its local header. */
  offset: number;
}

/** Uploads up to this size are kept in memory; larger ones are written to a temporary file. */
const IN_MEMORY_BYTES = MiB;

/** The upload as received, kept for random access: in memory when small, else in a temporary file. */
export interface SpooledUpload {
  size: number;
  /** `length` bytes from `position`; refused as unreadable when the upload is shorter. */
  read(position: number, length: number): Promise<Buffer>;
  /** Bytes `start` to `end` inclusive, streamed. */
  stream(start: number, end: number): Readable;
  /** Deletes the temporary file and its directory, if any. */
  remove(): Promise<void>;
}

function inMemory(bytes: Buffer): SpooledUpload {
  return {
    size: bytes.length,
    read: async (position, length) => {
      if (position < 0 || position + length > bytes.length) throw unreadable();
      return bytes.subarray(position, position + length);
    },
    stream: (start, end) => Readable.from([bytes.subarray(start, end + 1)]),
    remove: async () => undefined,
  };
}

/**
 * Receives the whole upload, calling `onBytes` with the running total (it may throw: a limit). A larger
 * upload goes to a temporary file in a directory of its own (`alarm-import-…` under the system temporary
 * directory), removed by `remove` and on any failure here.
 */
export async function spoolUpload(input: JournalInput, onBytes: (total: number) => void): Promise<SpooledUpload> {
  const pieces: Buffer[] = [];
  let size = 0;
  let spilled: { directory: string; file: string; handle: FileHandle } | undefined;
  const remove = async () => {
    if (!spilled) return;
    await spilled.handle.close().catch(() => undefined);
    await rm(spilled.directory, { recursive: true, force: true });
  };
  try {
    for await (const chunk of input as AsyncIterable<Uint8Array | string>) {
      const bytes =
        typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      size += bytes.byteLength;
      onBytes(size);
      if (!spilled && size <= IN_MEMORY_BYTES) {
        pieces.push(bytes);
        continue;
      }
      if (!spilled) {
        const directory = await mkdtemp(path.join(os.tmpdir(), 'alarm-import-'));
        const file = path.join(directory, 'upload.xlsx');
        spilled = { directory, file, handle: await open(file, 'w+') };
        await spilled.handle.writeFile(Buffer.concat(pieces));
        pieces.length = 0;
      }
      await spilled.handle.writeFile(bytes);
    }
  } catch (error) {
    await remove();
    throw error;
  }
  if (!spilled) return inMemory(Buffer.concat(pieces));
  const { file, handle } = spilled;
  return {
    size,
    read: async (position, length) => {
      const bytes = Buffer.alloc(length);
      if (position < 0) throw unreadable();
      const { bytesRead } = await handle.read(bytes, 0, length, position);
      if (bytesRead < length) throw unreadable();
      return bytes;
    },
    stream: (start, end) => fs.createReadStream(file, { start, end }),
    remove,
  };
}

/** A 64-bit field of a ZIP64 record, refused beyond what a file of this size can hold. */
function within(value: bigint, fileSize: number): number {
  if (value > BigInt(fileSize) * BigInt(MAX_ENTRIES)) throw unreadable();
  return Number(value);
}

/** The end-of-directory record: where the central directory is and how many entries it has. */
async function locateDirectory(upload: SpooledUpload): Promise<{ count: number; offset: number; size: number }> {
  const fileSize = upload.size;
  const tailLength = Math.min(fileSize, 22 + 0xffff);
  const tailStart = fileSize - tailLength;
  const tail = await upload.read(tailStart, tailLength);
  let end = -1;
  for (let at = tail.length - 22; at >= 0; at--) {
    if (tail.readUInt32LE(at) === END_OF_DIRECTORY && at + 22 + tail.readUInt16LE(at + 20) <= tail.length) {
      end = at;
      break;
    }
  }
  if (end === -1) throw unreadable();
  const count = tail.readUInt16LE(end + 10);
  const size = tail.readUInt32LE(end + 12);
  const offset = tail.readUInt32LE(end + 16);
  if (count !== 0xffff && size !== 0xffffffff && offset !== 0xffffffff) return { count, offset, size };
  const locator = await upload.read(tailStart + end - 20, 20);
  if (locator.readUInt32LE(0) !== ZIP64_LOCATOR) throw unreadable();
  const record = await upload.read(within(locator.readBigUInt64LE(8), fileSize), 56);
  if (record.readUInt32LE(0) !== ZIP64_END_OF_DIRECTORY) throw unreadable();
  return {
    count: within(record.readBigUInt64LE(32), fileSize),
    size: within(record.readBigUInt64LE(40), fileSize),
    offset: within(record.readBigUInt64LE(48), fileSize),
  };
}

/** Sizes and offset of an entry, from its ZIP64 extra field where the directory says 0xFFFFFFFF. */
function zip64Fields(extra: Buffer, entry: ArchiveEntry, fileSize: number): void {
  for (let at = 0; at + 4 <= extra.length; at += 4 + extra.readUInt16LE(at + 2)) {
    if (extra.readUInt16LE(at) !== ZIP64_EXTRA) continue;
    let field = at + 4;
    const next = () => {
      if (field + 8 > extra.length) throw unreadable();
      const value = within(extra.readBigUInt64LE(field), fileSize);
      field += 8;
      return value;
    };
    if (entry.size === 0xffffffff) entry.size = next();
    if (entry.compressedSize === 0xffffffff) entry.compressedSize = next();
    if (entry.offset === 0xffffffff) entry.offset = next();
    return;
  }
}

/** The entries of the central directory, as declared. */
export async function readDirectory(upload: SpooledUpload): Promise<ArchiveEntry[]> {
  const fileSize = upload.size;
  const { count, offset, size } = await locateDirectory(upload);
  if (count > MAX_ENTRIES || size > MAX_DIRECTORY_BYTES) {
    throw new JournalFileError(
      `xlsx 文件中的条目过多（超过 ${MAX_ENTRIES} 个），不像是 Excel 工作簿：请在 Excel 中重新另存为 .xlsx`,
    );
  }
  if (offset + size > fileSize) throw unreadable();
  const directory = await upload.read(offset, size);
  const entries: ArchiveEntry[] = [];
  let at = 0;
  for (let index = 0; index < count; index++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL_HEADER) throw unreadable();
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    const next = at + 46 + nameLength + extraLength + commentLength;
    if (next > directory.length) throw unreadable();
    const entry: ArchiveEntry = {
      name: directory.toString('utf8', at + 46, at + 46 + nameLength),
      flags: directory.readUInt16LE(at + 8),
      method: directory.readUInt16LE(at + 10),
      compressedSize: directory.readUInt32LE(at + 20),
      size: directory.readUInt32LE(at + 24),
      offset: directory.readUInt32LE(at + 42),
    };
    zip64Fields(directory.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength), entry, fileSize);
    if (entry.offset + entry.compressedSize > fileSize) throw unreadable();
    entries.push(entry);
    at = next;
  }
  return entries;
}

/** Refuses an archive by what its directory declares, before anything is inflated. */
export function checkDeclared(entries: readonly ArchiveEntry[], limits: UnpackLimits): void {
  const total = entries.reduce((sum, entry) => sum + entry.size, 0);
  if (total > limits.maxUnpackedBytes) {
    throw new JournalFileError(
      `文件解压后超过 ${megabytes(limits.maxUnpackedBytes)} 上限（xlsx 文件声明解压后共 ${megabytes(total)}）：请拆分后分批导入`,
    );
  }
  for (const entry of entries) {
    if (entry.size > RATIO_FLOOR && entry.size > entry.compressedSize * limits.maxRatio) {
      throw bomb(entry.name, `解压后超过压缩大小的 ${limits.maxRatio} 倍`);
    }
    if ((entry.flags & ENCRYPTED) !== 0 || (entry.method !== STORED && entry.method !== DEFLATED)) {
      throw unreadable();
    }
    const bound = entry.name === SHARED_STRINGS ? MAX_SHARED_STRINGS_BYTES : MAX_PART_BYTES;
    if (LEADING_PARTS.includes(entry.name) && entry.size > bound) {
      throw new JournalFileError(
        entry.name === SHARED_STRINGS
          ? `xlsx 文件的共享字符串过大：解压后超过 ${megabytes(bound)} 的上限，请拆分后分批导入`
          : `xlsx 文件中的 ${entry.name} 过大：解压后超过 ${megabytes(bound)}，不像是 Excel 工作簿`,
      );
    }
  }
}

/** Counts the shared strings (`<si>` elements) of XML handed in pieces. */
class SharedStringCounter {
  count = 0;
  private tail = '';

  add(piece: Buffer): void {
    // latin1 keeps one character per byte; a tag cut between pieces is found in the carried tail.
    const text = this.tail + piece.toString('latin1');
    for (const _ of text.matchAll(/<si[\s/>]/g)) this.count++;
    this.tail = text.slice(-3);
    if (this.count > MAX_SHARED_STRINGS) {
      throw new JournalFileError(
        `xlsx 文件的共享字符串过多：超过 ${MAX_SHARED_STRINGS.toLocaleString('en-US')} 个的上限，请拆分后分批导入`,
      );
    }
  }
}

/** The local header of a stored entry of `size` bytes, as exceljs's unzipper reads it. */
function storedHeader(name: string, size: number): Buffer {
  const fileName = Buffer.from(name);
  const header = Buffer.alloc(30);
  header.writeUInt32LE(LOCAL_HEADER, 0);
  header.writeUInt16LE(10, 4);
  header.writeUInt16LE(UTF8_NAMES, 6);
  header.writeUInt16LE(STORED, 8);
  header.writeUInt32LE(size, 18);
  header.writeUInt32LE(size, 22);
  header.writeUInt16LE(fileName.length, 26);
  return Buffer.concat([header, fileName]);
}

/** An end-of-directory record: exceljs's unzipper stops there. */
function endRecord(): Buffer {
  const record = Buffer.alloc(22);
  record.writeUInt32LE(END_OF_DIRECTORY, 0);
  return record;
}

/** An opened, checked upload: `parts` streams the new archive exceljs reads. */
export interface WorkbookArchive {
  parts(): AsyncGenerator<Buffer>;
}

/**
 * Opens the spooled upload and checks it (throws JournalFileError naming the problem): its directory first,
 * then each entry exceljs is to read, inflated once and counted, its output dropped. exceljs cannot be
 * stopped cleanly in the middle of an entry (it would wait for the rest forever), so an entry is refused
 * here, before exceljs sees any of it; `parts` then inflates the same bytes again.
 */
export async function openWorkbookArchive(upload: SpooledUpload, limits: UnpackLimits): Promise<WorkbookArchive> {
  /** An entry's data as stored in the upload: where it starts, after its local header. */
  async function dataOf(entry: ArchiveEntry): Promise<AsyncIterable<Buffer> | Iterable<Buffer>> {
    const local = await upload.read(entry.offset, 30);
    if (local.readUInt32LE(0) !== LOCAL_HEADER) throw unreadable();
    const start = entry.offset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
    if (start + entry.compressedSize > upload.size) throw unreadable();
    if (entry.compressedSize === 0) return [];
    const stored = upload.stream(start, start + entry.compressedSize - 1);
    if (entry.method === STORED) return stored;
    const inflater = createInflateRaw();
    // A failure of either stream destroys the inflater with it, and so reaches whoever reads it.
    pipeline(stored, inflater).catch(() => undefined);
    return inflater;
  }

  /** The entry's content, counted as it inflates: never more than the directory declared. */
  async function* inflated(entry: ArchiveEntry): AsyncGenerator<Buffer> {
    const strings = entry.name === SHARED_STRINGS ? new SharedStringCounter() : undefined;
    let bytes = 0;
    try {
      for await (const piece of await dataOf(entry)) {
        bytes += piece.length;
        if (bytes > entry.size) throw bomb(entry.name, '解压后的内容多于文件目录中声明的大小');
        strings?.add(piece);
        yield piece;
      }
    } catch (error) {
      if (error instanceof JournalFileError) throw error;
      throw unreadable(error);
    }
    if (bytes !== entry.size) throw unreadable();
  }

  // In the order exceljs is given them; `undefined` stands for the empty shared strings given in their place.
  const entries = await readDirectory(upload);
  checkDeclared(entries, limits);
  const read: (ArchiveEntry | undefined)[] = LEADING_PARTS.flatMap((name) => {
    const found = entries.filter((entry) => entry.name === name);
    return name === SHARED_STRINGS && !found.length ? [undefined] : found;
  });
  const texts = new Map<string, string>();
  for (const entry of read) {
    if (!entry) continue;
    // The workbook and its relations say which worksheet is the first tab; the rest is only checked.
    const kept = entry.name === WORKBOOK || entry.name === RELATIONS;
    const pieces: Buffer[] = [];
    for await (const piece of inflated(entry)) if (kept) pieces.push(piece);
    if (kept) texts.set(entry.name, Buffer.concat(pieces).toString('utf8'));
  }
  const names = new Set(entries.map((entry) => entry.name));
  const sheetName = firstWorksheetPart(texts.get(WORKBOOK) ?? '', texts.get(RELATIONS) ?? '', names);
  const sheet = entries.find((entry) => entry.name === sheetName);
  // The sheet is stored as exceljs is to read it, so its size is that of the prepared XML.
  let sheetSize = 0;
  if (sheet) for await (const piece of sheetXmlForExceljs(inflated(sheet))) sheetSize += piece.length;

  return {
    async *parts() {
      for (const entry of read) {
        if (entry) {
          yield storedHeader(entry.name, entry.size);
          yield* inflated(entry);
        } else {
          yield storedHeader(SHARED_STRINGS, EMPTY_SHARED_STRINGS.length);
          yield EMPTY_SHARED_STRINGS;
        }
      }
      if (sheet) {
        yield storedHeader(sheet.name, sheetSize);
        yield* sheetXmlForExceljs(inflated(sheet));
      }
      yield endRecord();
    },
  };
}
