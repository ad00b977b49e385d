/**
 * Hostile uploads to the two file imports (journal, alarm library): bodies that are not well-formed
 * multipart, files and JSON bodies over the limits, extra parts, hostile file names. Each is answered with
 * a 4xx envelope naming the problem, and a refused upload stores nothing.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/repositories/raw-sql';
import journalRoutes from '../../server/routes/journal';
import libraryRoutes from '../../server/routes/library';
import { ROLE_NAMES } from '../../server/seed/roles';
import { xlsxOf } from '../unit/journal/helpers';
import { build, multipartFile, SLOW, type TestApp, type TestUser, tableSizes } from './helpers';

const BOUNDARY = 'hostile-boundary';
const MULTIPART = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
const JOURNAL = 'time,tag,condition,event\n2026-01-07 08:00:00,UP-1,PVHI,ALM\n';
const LIBRARY = '位号,报警类型\nUP-LIB-1,PVHI\n';

function part(name: string, fileName: string | undefined, content: string): string {
  const file = fileName === undefined ? '' : `; filename="${fileName}"`;
  return `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${file}\r\nContent-Type: text/csv\r\n\r\n${content}\r\n`;
}
const END = `--${BOUNDARY}--\r\n`;

describe('hostile uploads', { timeout: SLOW * 2 }, () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await build();
    await t.app.register(journalRoutes, {
      prefix: '/api/limited',
      plantTimeZone: 'Asia/Shanghai',
      limits: { maxBytes: 2048, maxRows: 100 },
    });
    await t.app.register(libraryRoutes, {
      prefix: '/api/limited',
      limits: { maxBytes: 2048, maxRows: 100, maxErrors: 5 },
    });
    admin = await t.createUser({ roles: [ROLE_NAMES.admin] });
  }, SLOW);
  afterAll(() => t?.close());

  const post = (url: string, payload: string | Buffer, headers: Record<string, string> = MULTIPART) =>
    t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...admin.authorization } });

  const IMPORTS = [
    ['journal', '/api/alarm/mock/import', JOURNAL],
    ['library', '/api/alarm/bases/list/import', LIBRARY],
  ] as const;

  it.each(IMPORTS)(
    'refuses a %s upload that is not well-formed multipart with 400, storing nothing',
    async (_, url, content) => {
      const before = await tableSizes(t.database.db);
      const malformed: [string, string, Record<string, string>?][] = [
        ['not multipart at all', 'just some text'],
        ['cut before the closing boundary', part('file', 'j.csv', content)],
        ['cut inside the part headers', `--${BOUNDARY}\r\nContent-Disposition: form-da`],
        [
          'an xlsx cut short',
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="j.xlsx"\r\n\r\nPK\u0003\u0004`,
        ],
        [
          'no boundary in the content type',
          part('file', 'j.csv', content) + END,
          { 'content-type': 'multipart/form-data' },
        ],
      ];
      for (const [label, body, headers] of malformed) {
        const response = await post(url, body, headers);
        expect(response.statusCode, `${label}: ${response.body}`).toBe(400);
        expect(response.json()).toMatchObject({
          code: 1,
          msg: expect.stringContaining('multipart/form-data'),
          data: null,
        });
      }
      expect(await tableSizes(t.database.db)).toEqual(before);
    },
  );

  it('refuses an xlsx over the size limit with 413 on both imports, storing nothing', async () => {
    const before = await tableSizes(t.database.db);
    const journal = await xlsxOf([
      {
        name: 'J',
        rows: [
          ['time', 'tag', 'condition', 'event'],
          ...Array.from({ length: 300 }, (_, i) => [
            `2026-01-07 08:00:${String(i % 60).padStart(2, '0')}`,
            `BIG-${i}`,
            'PVHI',
            'ALM',
          ]),
        ],
      },
    ]);
    const library = await xlsxOf([
      { name: 'L', rows: [['位号', '报警类型'], ...Array.from({ length: 300 }, (_, i) => [`BIG-${i}`, 'PVHI'])] },
    ]);
    expect(journal.length).toBeGreaterThan(2048);
    for (const [url, file] of [
      ['/api/limited/alarm/mock/import', journal],
      ['/api/limited/alarm/bases/list/import', library],
    ] as const) {
      const { payload, headers } = multipartFile(file, 'big.xlsx');
      const response = await post(url, payload, headers);
      expect(response.statusCode, response.body).toBe(413);
      expect(response.json()).toMatchObject({ code: 1, msg: expect.stringContaining('文件过大') });
    }
    expect(await tableSizes(t.database.db)).toEqual(before);
  });

  it('refuses a JSON ingest body over 1 MB with 413, storing nothing', async () => {
    const before = await tableSizes(t.database.db);
    const rows = Array.from({ length: 12_000 }, (_, i) => ({
      time: '2026-01-07T00:00:00Z',
      tag: `JSON-${i}-${'x'.repeat(60)}`,
      condition: 'PVHI',
      event: 'ALM',
    }));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/alarm/mock/events',
      headers: admin.authorization,
      payload: rows,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 1, msg: '请求内容过大：上限 1 MB', data: null });
    expect(await tableSizes(t.database.db)).toEqual(before);
  });

  it.each(IMPORTS)(
    'refuses a %s upload carrying a second file with 400, storing nothing, whatever fields come with it',
    async (_, url, content) => {
      const before = await tableSizes(t.database.db);
      const body =
        part('note', undefined, 'x'.repeat(2 * 1024 * 1024)) +
        part('file', 'first.csv', content) +
        part('file', 'second.csv', content.replace(/UP-/g, 'UP-SECOND-')) +
        END;
      const response = await post(url, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ code: 1, msg: '一次只能上传一个文件：请逐个导入', data: null });
      expect(await tableSizes(t.database.db)).toEqual(before);
    },
  );

  it.each([
    ['journal', '/api/alarm/mock/import', 'time,tag,condition,event\n2026-01-07 08:00:00,UP-\u0000,PVHI,ALM\n', '位号'],
    ['library', '/api/alarm/bases/list/import', '位号,报警类型,描述\nUP-LIB-N,PVHI,a\u0000b\n', '描述'],
    ['library', '/api/alarm/bases/list/import', '位号,报警类型\nUP-\uFFFD,PVHI\n', '位号'],
  ])(
    'refuses NUL or undecodable text in a %s upload with a 422 row report, storing nothing',
    async (_, url, file, column) => {
      const before = await tableSizes(t.database.db);
      const response = await post(url, part('file', 'nul.csv', file) + END);
      expect(response.statusCode, response.body).toBe(422);
      const [error] = response.json().data.errors;
      expect(error).toMatchObject({ row: 2, message: expect.stringMatching(/空字符（NUL）|无法识别的字符/) });
      expect(JSON.stringify(error)).toContain(column);
      expect(await tableSizes(t.database.db)).toEqual(before);
    },
  );

  it.each(
    IMPORTS.flatMap(([name, url, content]) => [
      [name, 'filename', 'filename="j\u0000.csv"', url, content],
      [name, 'filename*', "filename*=UTF-8''%00x.csv", url, content],
    ]),
  )(
    'refuses a %s upload whose file name (%s) holds a NUL with 400, storing nothing',
    async (_, _parameter, disposition, url, content) => {
      const before = await tableSizes(t.database.db);
      const body = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; ${disposition}\r\nContent-Type: text/csv\r\n\r\n${content}\r\n${END}`;
      const response = await post(url, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({
        code: 1,
        msg: '文件名含有非法字符（空字符 NUL）：请重命名文件后重新上传',
        data: null,
      });
      expect(await tableSizes(t.database.db)).toEqual(before);
    },
  );

  it('imports one file sent with other fields', async () => {
    const body = part('note', undefined, 'x'.repeat(2 * 1024 * 1024)) + part('file', 'only.csv', JOURNAL) + END;
    const response = await post('/api/alarm/mock/import', body);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ imported: 1, duplicates: 0, errors: [] });
    const tags = await queryRows<{ tag: string }>(
      t.database.db,
      sql`select tag from alarm_points where tag like 'UP-%'`,
    );
    expect(tags.map((row) => row.tag)).toEqual(['UP-1']);
  });

  it('answers an address it cannot decode with the 400 envelope', async () => {
    for (const url of ['/api/alarm/bases/list/%E0%A4', '/api/%ZZ', '/alarm/board/%E0']) {
      const response = await t.app.inject({ url, headers: admin.authorization });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ code: 1, msg: '请求地址不合法：含有无法解码的 % 转义', data: null });
    }
  });

  it('keeps a hostile file name as the batch label text, never as a path', async () => {
    const names = [
      `<img src=x onerror=alert(1)>'; drop table journal_batches; --.csv`,
      '..\\..\\windows\\win.ini',
      '../../etc/passwd',
    ];
    for (const [index, name] of names.entries()) {
      const journal = `time,tag,condition,event\n2026-01-07 09:00:0${index},NAME-${index},PVHI,ALM\n`;
      const response = await post('/api/alarm/mock/import', part('file', name, journal) + END);
      expect(response.statusCode, response.body).toBe(200);
    }
    const batches = await t.app.inject({ url: '/api/alarm/mock/batches?source=import', headers: admin.authorization });
    const labels = batches.json().data.list.map((batch: { label: string }) => batch.label);
    expect(labels).toContain(names[0]);
    // Directory parts are dropped: only the file's own name is kept.
    expect(labels).toEqual(expect.arrayContaining(['win.ini', 'passwd']));
    expect(labels.filter((label: string) => label.includes('..'))).toEqual([]);
  });
});
