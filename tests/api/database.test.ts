import { execFile, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type OpenDatabase, openDatabase } from '../../server/db';
import { DataDirLockedError } from '../../server/db/lock';
import { createTokensRepository } from '../../server/repositories/tokens';
import { createUsersRepository } from '../../server/repositories/users';
import { seedDatabase } from '../../server/seed';
import { resetPostgres, SLOW, testDatabaseUrl } from './helpers';

const run = promisify(execFile);
const LOCKED = /数据目录 .+ 正被另一个进程（pid \d+）使用：请先停止该进程/;

/** A pid that surely belongs to no running process: one that just exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

// The embedded-directory tests run in the PGlite pass, the PostgreSQL ones in the TEST_DATABASE_URL pass.
if (!testDatabaseUrl) {
  describe('embedded data directory', { timeout: SLOW }, () => {
    let dataDir: string;
    const opened: OpenDatabase[] = [];
    const open = async () => {
      const database = await openDatabase({ dataDir });
      opened.push(database);
      return database;
    };

    beforeEach(() => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aoc-data-'));
    });
    afterEach(async () => {
      for (const database of opened.splice(0)) await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('refuses a second opener with a clear message, and frees the directory on close', async () => {
      const first = await open();
      const second = openDatabase({ dataDir });
      await expect(second).rejects.toThrow(DataDirLockedError);
      await expect(second).rejects.toThrow(LOCKED);
      await expect(second).rejects.toThrow(`pid ${process.pid}`);

      await first.close();
      opened.splice(0);
      expect(fs.readdirSync(dataDir).filter((name) => name.startsWith('server.'))).toEqual([]);
      await open();
    });

    it('starts whatever pid an earlier lock file names: a dead one, its own (a restarted container), a live stranger', async () => {
      for (const pid of [deadPid(), process.pid, process.ppid]) {
        fs.writeFileSync(path.join(dataDir, 'server.lock'), String(pid));
        const database = await open();
        expect(database.kind).toBe('pglite');
        await database.close();
        opened.splice(0);
      }
    });

    it('refuses while a server in another process holds the directory, and takes over once it is killed', {
      timeout: SLOW * 2,
    }, async () => {
      const holder = spawn(process.execPath, ['--import', 'tsx', 'tests/api/hold-data-dir.ts', dataDir], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const exited = once(holder, 'exit').then(([code]) => {
        throw new Error(`the lock holder exited with ${code}`);
      });
      await Promise.race([once(holder.stdout, 'data'), exited]);
      try {
        await expect(openDatabase({ dataDir })).rejects.toThrow(`pid ${holder.pid}`);
      } finally {
        holder.kill('SIGKILL');
        await exited.catch(() => undefined);
      }
      // Its lock is left behind, no longer refreshed: the next start waits for it to go stale and takes it.
      expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(true);
      const database = await open();
      expect(database.kind).toBe('pglite');
    });

    it('keeps committed data across a restart', async () => {
      const first = await open();
      await createUsersRepository(first.db).create({
        username: 'chen.li',
        name: '陈丽',
        permissions: ['permission-view'],
      });
      await first.close();
      opened.splice(0);

      const reopened = await open();
      const user = await createUsersRepository(reopened.db).findByUsername('chen.li');
      expect(user).toMatchObject({
        username: 'chen.li',
        name: '陈丽',
        permissions: ['permission-view'],
        disabled: false,
      });
    });

    it('`npm run token` refuses while the directory is in use, and issues a working token otherwise', async () => {
      const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', HOST: '127.0.0.1', PORT: '8000' };
      const tokenCli = () => run(process.execPath, ['--import', 'tsx', 'server/cli/token.ts', 'admin'], { env });

      const server = await open();
      await seedDatabase(server.db, { demo: false });
      const refused = await tokenCli().catch((error: { code: number; stderr: string }) => error);
      expect(refused).toMatchObject({ code: 1 });
      expect((refused as { stderr: string }).stderr).toMatch(LOCKED);

      await server.close();
      opened.splice(0);
      const { stdout } = await tokenCli();
      const [token, link] = stdout.split('\n');
      expect(link).toBe(`http://127.0.0.1:8000/?token=${token}`);

      const restarted = await open();
      const holder = await createTokensRepository(restarted.db).findHolder(token ?? '');
      expect(holder?.username).toBe('admin');
    });
  });
}

// Only a real server shows the race between nodes; CI sets TEST_DATABASE_URL (docs/quality.md).
if (testDatabaseUrl) {
  const url = testDatabaseUrl;
  describe('PostgreSQL', { timeout: SLOW }, () => {
    it('lets several nodes start at once on an empty database', async () => {
      await resetPostgres(url);
      const nodes = await Promise.all([1, 2, 3].map(() => openDatabase({ dataDir: 'memory://', databaseUrl: url })));
      try {
        expect(nodes.map((node) => node.kind)).toEqual(['postgres', 'postgres', 'postgres']);
        const seeded = await Promise.all(nodes.map((node) => seedDatabase(node.db, { demo: false })));
        expect(seeded.filter((result) => result.firstStart)).toHaveLength(1);
      } finally {
        await Promise.all(nodes.map((node) => node.close()));
      }
    });

    it('keeps committed data across a restart', async () => {
      await resetPostgres(url);
      const first = await openDatabase({ dataDir: 'memory://', databaseUrl: url });
      await createUsersRepository(first.db).create({ username: 'wang.fang', name: '王芳' });
      await first.close();

      const second = await openDatabase({ dataDir: 'memory://', databaseUrl: url });
      try {
        expect((await createUsersRepository(second.db).findByUsername('wang.fang'))?.name).toBe('王芳');
      } finally {
        await second.close();
      }
    });
  });
}
