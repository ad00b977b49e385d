/**
 * Killing the server (SIGKILL) in the middle of an import leaves the database as before, although reads were
 * answered while it ran: the import is one transaction. Runs the real server in a child process on a temporary
 * data directory (or the test PostgreSQL), kills it once the import reports progress and a read answered,
 * restarts it and checks what is stored.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { writeBenchJournal } from '../../scripts/bench/journal-file';
import { type ChildServer, freePort, startChildServer, stopChildServer } from './child-server';
import { resetPostgres, SLOW, testDatabaseUrl } from './helpers';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-crash-'));

function multipart(file: string) {
  const boundary = 'crash-boundary';
  async function* body() {
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="journal.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    );
    yield* fs.createReadStream(file);
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: Readable.toWeb(Readable.from(body())) as ReadableStream,
    duplex: 'half',
  };
}

async function storedBatches(server: ChildServer) {
  const response = await fetch(`${server.base}/api/alarm/mock/batches?pageSize=200`, { headers: server.auth });
  return ((await response.json()) as { data: { list: { eventCount: number }[]; total: number } }).data;
}

describe('import killed mid-way', { timeout: SLOW * 4 }, () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('leaves the database as it was before the import', async () => {
    if (testDatabaseUrl) await resetPostgres(testDatabaseUrl);
    const big = path.join(dir, 'big.csv');
    await writeBenchJournal(big, 150_000);
    const small = path.join(dir, 'small.csv');
    fs.writeFileSync(
      small,
      'time,tag,condition,event\n2025-01-01 08:00:00,KEEP-1,PVHI,ALM\n2025-01-01 08:00:09,KEEP-1,PVHI,RTN\n',
    );

    const port = await freePort();
    const first = await startChildServer({ port, dir });
    children.push(first.child);
    const kept = await fetch(`${first.base}/api/alarm/mock/import`, {
      method: 'POST',
      ...multipart(small),
      headers: { ...first.auth, ...multipart(small).headers },
    } as RequestInit);
    expect(((await kept.json()) as { data: { imported: number } }).data.imported).toBe(2);

    const upload = fetch(`${first.base}/api/alarm/mock/import?job=crash-job-1`, {
      method: 'POST',
      ...multipart(big),
      headers: { ...first.auth, ...multipart(big).headers },
    } as RequestInit).catch(() => undefined);
    // The import is observed through the API while it runs: its progress, then a read of the library that
    // answers before the import ends (docs/architecture.md, "Reads during an import"); then the server is killed
    // without warning.
    const get = async (url: string) =>
      (await (await fetch(`${first.base}${url}`, { headers: first.auth })).json()) as { data: Record<string, unknown> };
    while ((await get('/api/alarm/mock/import/crash-job-1')).data.stage !== 'storing');
    const during = await get('/api/alarm/bases/list?current=1&pageSize=1');
    expect(during.data.total).toEqual(expect.any(Number));
    expect((await get('/api/alarm/mock/import/crash-job-1')).data.stage).toBe('storing');
    await stopChildServer(first, 'SIGKILL');
    await upload;

    // The killed process's lock is no longer refreshed: the restarted server takes it over once stale.
    const second = await startChildServer({ port, dir });
    children.push(second.child);
    if (!testDatabaseUrl) {
      expect(fs.readFileSync(path.join(dir, 'data', 'server.pid'), 'utf8').trim()).toBe(String(second.child.pid));
    }
    const batches = await storedBatches(second);
    expect(batches.total).toBe(1);
    expect(batches.list.map((batch) => batch.eventCount)).toEqual([2]);
    // None of the killed import's points, events or facts: the library holds the one point kept before it.
    const library = await fetch(`${second.base}/api/alarm/bases/list?current=1&pageSize=20`, { headers: second.auth });
    const points = ((await library.json()) as { data: { list: { tag: string }[]; total: number } }).data;
    expect(points.total).toBe(1);
    expect(points.list.map((point) => point.tag)).toEqual(['KEEP-1']);
    await stopChildServer(second, 'SIGTERM');
  });
});
