/**
 * Reads stay answerable while a journal import runs (docs/architecture.md, "Reads during an import"): the
 * library list, the KPI summary and 系统改进看板 answer while the import still reports itself running, on the
 * embedded database as on PostgreSQL; an import that fails leaves no rows behind for those reads.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENCH_END, writeBenchJournal } from '../../scripts/bench/journal-file';
import { build, multipartFile, SLOW, type TestApp, type TestUser } from './helpers';

const ROWS = 60_000;
const DAY = 86_400_000;

describe('reads during an import', { timeout: SLOW * 2 }, () => {
  let t: TestApp;
  let user: TestUser;
  let journal: Buffer;
  const stored = new Map<string, () => void>();

  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reads-during-import-'));
    const file = path.join(dir, 'journal.csv');
    await writeBenchJournal(file, ROWS);
    journal = fs.readFileSync(file);
    fs.rmSync(dir, { recursive: true, force: true });
    // The import logs each part it stored (debug): that says when to read, with no polling in between.
    const stream = {
      write(line: string) {
        if (line.includes('journal import progress')) stored.get(JSON.parse(line).job)?.();
      },
    };
    t = await build({}, { logger: { level: 'debug', stream } });
    user = await t.createUser({
      permissions: [
        'alarm-mock-view',
        'alarm-bases-list-view',
        'alarm-board-over-view',
        'alarm-op-system-improve-view',
      ],
    });
  }, SLOW);
  afterAll(() => t?.close());

  const get = (url: string) => t.app.inject({ url, headers: user.authorization });
  const stage = async (job: string) => (await get(`/api/alarm/mock/import/${job}`)).json().data.stage as string;
  const upload = (content: Buffer, job: string) => {
    const { payload, headers } = multipartFile(content, 'journal.csv');
    return t.app.inject({
      method: 'POST',
      url: `/api/alarm/mock/import?job=${job}`,
      payload,
      headers: { ...headers, ...user.authorization },
    });
  };
  /** Uploads `content`; resolves once rows are being stored, which the progress endpoint then reports. */
  const startImport = async (content: Buffer, job: string) => {
    const storing = new Promise<void>((resolve) => stored.set(job, resolve));
    const importing = upload(content, job);
    await storing;
    expect(await stage(job)).toBe('storing');
    // Wrapped: awaiting the caller's await must not wait for the import's end.
    return { importing };
  };
  const summaryUrl = `/api/kpi/summary?from=${new Date(BENCH_END - 30 * DAY).toISOString()}&to=${new Date(BENCH_END).toISOString()}`;

  it('answers the library list and the KPI summary while the import is still running', async () => {
    const { importing } = await startImport(journal, 'reads-job-1');

    const list = await get('/api/alarm/bases/list?current=1&pageSize=20');
    expect(list.statusCode).toBe(200);
    expect(await stage('reads-job-1')).toBe('storing');

    const summary = await get(summaryUrl);
    expect(summary.statusCode).toBe(200);
    expect(summary.json().code).toBe(0);
    expect(await stage('reads-job-1')).toBe('storing');

    const done = await importing;
    expect(done.statusCode).toBe(200);
    expect(done.json().data.imported).toBe(ROWS);
    const after = await get('/api/alarm/bases/list?current=1&pageSize=20');
    expect(after.json().data.total).toBeGreaterThan(0);
  });

  /** The journal with new points throughout and a bad row at the very end: everything before it is stored, then undone. */
  const failingJournal = () => {
    const lines = journal
      .toString('utf8')
      .replace(/,U(\d)-/g, ',FAIL$1-')
      .trimEnd();
    return Buffer.from(`${lines}\n2025-13-45 99:00:00,BAD-1,PVHI,ALM,low,操作台1,装置1\n`);
  };

  it('leaves nothing of a failed import for the reads that follow it', async () => {
    const before = (await get('/api/alarm/bases/list?current=1&pageSize=1')).json().data.total as number;
    const batchesBefore = (await get('/api/alarm/mock/batches?pageSize=200')).json().data.total as number;
    const { importing: failing } = await startImport(failingJournal(), 'reads-job-2');
    const during = await get('/api/alarm/bases/list?current=1&pageSize=1');
    expect(during.statusCode).toBe(200);
    expect(await stage('reads-job-2')).toBe('storing');

    const refused = await failing;
    expect(refused.statusCode).toBe(422);
    expect((await get('/api/alarm/bases/list?current=1&pageSize=1')).json().data.total).toBe(before);
    expect((await get('/api/alarm/bases/list?current=1&pageSize=1&tag=FAIL')).json().data.total).toBe(0);
    expect((await get('/api/alarm/mock/batches?pageSize=200')).json().data.total).toBe(batchesBefore);
  });

  it('answers 系统改进看板 over periods it has not kept yet while an import runs', async () => {
    // The journal already holds the first import: the board computes its weeks and would keep them, but a write
    // would wait for the import's transaction on the embedded database, so it keeps nothing and answers.
    const { importing } = await startImport(failingJournal(), 'reads-job-3');
    const from = new Date(BENCH_END - 21 * DAY).toISOString();
    const board = await get(
      `/api/alarm/op/system/improve?from=${from}&to=${new Date(BENCH_END).toISOString()}&period=week`,
    );
    expect(board.statusCode).toBe(200);
    expect(board.json().data.periods.length).toBeGreaterThan(0);
    expect(await stage('reads-job-3')).toBe('storing');
    expect((await importing).statusCode).toBe(422);
  });
});
