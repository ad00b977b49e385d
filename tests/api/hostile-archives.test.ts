/**
 * xlsx uploads crafted to unpack to far more than they weigh (docs/api.md, "Import limits"), on both file
 * imports: an archive that declares a huge sheet, one whose directory declares small sizes but inflates
 * huge, and shared strings placed first with millions of texts. Each is answered with a 4xx envelope naming
 * the problem; the server's memory and temporary files stay small while it reads, and nothing of the import
 * is left in the temporary directory afterwards. The archives are written here, in code.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROLE_NAMES } from '../../server/seed/roles';
import { deflated, inflatingTo, MAIN, MiB, RELATIONS, SHEET, WORKBOOK, zipOf } from '../unit/journal/helpers';
import { build, multipartFile, SLOW, type TestApp, type TestUser, tableSizes } from './helpers';

/** Growth of memory or temporary files any of these uploads may cause; the default unpacked limit is 500 MB. */
const GROWTH_BOUND = 200 * MiB;

/** A sheet whose rows reference shared strings 0, 1, 2… in order. */
function sheetOfSharedStrings(rows: readonly (readonly string[])[]): string {
  let index = 0;
  const xml = rows.map(
    (cells, row) =>
      `<row r="${row + 1}">${cells.map((_, column) => `<c r="${String.fromCharCode(65 + column)}${row + 1}" t="s"><v>${index++}</v></c>`).join('')}</row>`,
  );
  return `<worksheet xmlns="${MAIN}"><sheetData>${xml.join('')}</sheetData></worksheet>`;
}

const IMPORTS = [
  {
    what: 'journal',
    url: '/api/alarm/mock/import',
    rows: [
      ['time', 'tag', 'condition', 'event'],
      ['2026-01-07 08:00:00', 'ZIP-1', 'PVHI', 'ALM'],
    ],
  },
  {
    what: 'library',
    url: '/api/alarm/bases/list/import',
    rows: [
      ['位号', '报警类型'],
      ['ZIP-LIB-1', 'PVHI'],
    ],
  },
] as const;

/** Total size of the files under `dir`. */
function sizeOf(dir: string): number {
  let total = 0;
  const entries = fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }) : [];
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    try {
      total += entry.isDirectory() ? sizeOf(full) : fs.statSync(full).size;
    } catch {
      // removed while being measured
    }
  }
  return total;
}

describe('hostile xlsx archives', { timeout: SLOW * 2 }, () => {
  let t: TestApp;
  let admin: TestUser;
  let temporary: string;
  const originalTmpdir = process.env.TMPDIR;
  const base = os.tmpdir();

  beforeAll(async () => {
    t = await build();
    admin = await t.createUser({ roles: [ROLE_NAMES.admin] });
  }, SLOW);
  afterAll(async () => {
    await t?.close();
    if (originalTmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = originalTmpdir;
  });
  beforeEach(() => {
    // The server's temporary files land in a directory of this test alone (os.tmpdir() reads TMPDIR).
    temporary = fs.mkdtempSync(path.join(base, 'hostile-archives-'));
    process.env.TMPDIR = temporary;
    return () => fs.rmSync(temporary, { recursive: true, force: true });
  });

  /**
   * Uploads `archive` and watches the server while it answers: the largest growth of its resident memory
   * and of the temporary directory, sampled as the request runs.
   */
  async function upload(url: string, archive: Buffer) {
    const { payload, headers } = multipartFile(archive, 'bomb.xlsx');
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    let diskPeak = 0;
    const sample = () => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      diskPeak = Math.max(diskPeak, sizeOf(temporary));
    };
    const sampler = setInterval(sample, 5);
    try {
      const response = await t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { ...headers, ...admin.authorization },
      });
      sample();
      return { response, rssGrowth: rssPeak - rssBefore, diskPeak, left: fs.readdirSync(temporary) };
    } finally {
      clearInterval(sampler);
    }
  }

  /**
   * Uploads `archive` and expects a 400 envelope whose message holds `message`, memory and disk bounded while
   * it was read, no temporary file left and nothing stored.
   */
  async function expectRefused(url: string, archive: Buffer, message: string) {
    const before = await tableSizes(t.database.db);
    const { response, rssGrowth, diskPeak, left } = await upload(url, archive);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ code: 1, msg: expect.stringContaining(message), data: null });
    expect(rssGrowth).toBeLessThan(GROWTH_BOUND);
    expect(diskPeak).toBeLessThan(GROWTH_BOUND);
    expect(left).toEqual([]);
    expect(await tableSizes(t.database.db)).toEqual(before);
    return response;
  }

  it.each(IMPORTS)('refuses a $what xlsx declaring a sheet of 1 GiB before unpacking it', async ({ url }) => {
    const bomb = zipOf([WORKBOOK, RELATIONS, { name: SHEET, data: inflatingTo(1024), size: 1024 * MiB }]);
    expect(bomb.length).toBeLessThan(2 * MiB);
    await expectRefused(url, bomb, '文件解压后超过 500 MB 上限');
  });

  it.each(IMPORTS)('refuses a $what xlsx declaring a high compression ratio before unpacking it', async ({ url }) => {
    const bomb = zipOf([WORKBOOK, RELATIONS, { name: SHEET, data: inflatingTo(300), size: 300 * MiB }]);
    const response = await expectRefused(url, bomb, '压缩比异常（疑似压缩炸弹）');
    expect(response.json().msg).toContain(SHEET);
  });

  it.each(IMPORTS)(
    'stops inflating a $what xlsx whose directory declares small sizes that its data far exceeds',
    async ({ url }) => {
      // Both the local header and the central directory say 1000 bytes; the data inflates to 1 GiB.
      const bomb = zipOf([WORKBOOK, RELATIONS, { name: SHEET, data: inflatingTo(1024), size: 1000 }]);
      const response = await expectRefused(url, bomb, '压缩比异常（疑似压缩炸弹）');
      expect(response.json().msg).toContain(SHEET);
    },
  );

  it.each(IMPORTS)(
    'refuses a $what xlsx with millions of shared strings placed first, memory staying bounded',
    async ({ url, rows }) => {
      // The sheet's own texts first, then 2 million distinct ones (about 45 MB of XML).
      const own = rows.flat().map((text) => `<si><t>${text}</t></si>`);
      const filler = Array.from({ length: 2_000_000 }, (_, i) => `<si><t>S${i}</t></si>`);
      const strings = deflated('xl/sharedStrings.xml', `<sst xmlns="${MAIN}">${own.join('')}${filler.join('')}</sst>`);
      filler.length = 0;
      const archive = zipOf([
        strings,
        WORKBOOK,
        RELATIONS,
        deflated(SHEET, sheetOfSharedStrings(rows.map((cells) => [...cells]))),
      ]);
      await expectRefused(url, archive, '共享字符串');
    },
  );

  it.each(IMPORTS)(
    'imports a $what xlsx written by hand, shared strings first, leaving no temporary file',
    async ({ url, rows }) => {
      const strings = deflated(
        'xl/sharedStrings.xml',
        `<sst xmlns="${MAIN}">${rows
          .flat()
          .map((text) => `<si><t>${text}</t></si>`)
          .join('')}</sst>`,
      );
      // The sheet before the shared strings, as Excel and exceljs write them.
      const archive = zipOf([
        WORKBOOK,
        RELATIONS,
        deflated(SHEET, sheetOfSharedStrings(rows.map((cells) => [...cells]))),
        strings,
      ]);
      const { response, left } = await upload(url, archive);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().code).toBe(0);
      expect(left).toEqual([]);
    },
  );
});
