/**
 * The two development commands, run as a developer runs them: `npm run dev` (Umi's dev server with the
 * in-process API behind its mock endpoints) and `npm run dev:api` (the real server and Umi's dev server
 * proxying to it). Each is started on free ports, followed through its output to the printed sign-in link,
 * opened in Chromium on 报警总览 and 报警列表, and stopped with its whole process group. The times it took are
 * printed.
 *
 * Umi's dev server rewrites src/.umi when it starts (its files come out the same as `max setup` makes them):
 * `npm test` runs this after the type check and vitest, which read src/.umi; do not run vitest alongside it.
 *
 * Both commands run `umi dev` in this checkout, so both compile with webpack's cache in node_modules/.cache/
 * bundler-webpack (Umi's default cacheDirectoryPath): the tests run one after the other on one worker, and the first
 * stops its command only once webpack has stored the cache, so that the second compile starts from it.
 *
 * Both demo plants end at SEED_DEMO_UNTIL and the pages' clocks start there, as on the built server (e2e/fixtures.ts).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { expect, type Page, test } from '@playwright/test';
import { freePort, pageTitle, pinClock, SEED_DEMO_UNTIL } from './fixtures';

/** The first compile on a clean clone (no webpack cache) takes minutes on a busy two-core machine. */
const COMPILE_TIMEOUT = 6 * 60_000;
/** The embedded database's start, migrations and demo seed (about 25 s on two cores, more beside a compile). */
const API_TIMEOUT = 3 * 60_000;
/** A dev build is large and unminified. */
const PAGE = { timeout: 120_000 };

/** Writing webpack's cache of a first compile (it starts after 5 s idle). */
const CACHE_TIMEOUT = 2 * 60_000;

// In order, on one worker (the second compile reads the first's cache), neither skipped when the other fails.
test.describe.configure({ mode: 'default', timeout: COMPILE_TIMEOUT + API_TIMEOUT + CACHE_TIMEOUT + 4 * 60_000 });

test.beforeEach(async ({ context }) => {
  await pinClock(context);
});

/** Umi's webpack cache of `umi dev` (node_modules/.cache/bundler-webpack/<name>-development/). */
const WEBPACK_CACHE = path.join('node_modules', '.cache', 'bundler-webpack');

/** Whether webpack has written a whole pack of its cache (index.pack is renamed into place last) since `since`. */
function cacheStoredSince(since: number): boolean {
  if (!existsSync(WEBPACK_CACHE)) return false;
  return readdirSync(WEBPACK_CACHE).some((name) => {
    const index = statSync(path.join(WEBPACK_CACHE, name, 'index.pack'), { throwIfNoEntry: false });
    return index !== undefined && index.mtimeMs >= since;
  });
}

const seconds = (since: number, until = Date.now()) => `${((until - since) / 1000).toFixed(1)} s`;

/** An npm script in a process group of its own, its output (stdout and stderr, colours removed) collected. */
class DevCommand {
  private readonly child: ChildProcess;
  private output = '';
  /** When the output reached each length: when a line was printed. */
  private readonly arrivals: { at: number; length: number }[] = [];
  private readonly waiters = new Set<() => void>();
  private exit?: string;
  readonly started = Date.now();

  constructor(script: string, env: Record<string, string>) {
    const { API_PROXY_TARGET: _proxy, ...inherited } = process.env;
    this.child = spawn('npm', ['run', script], {
      // No colours: the output is matched as text.
      env: { ...inherited, FORCE_COLOR: '0', ...env },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const hear = (chunk: Buffer) => {
      this.output += stripVTControlCharacters(chunk.toString());
      this.arrivals.push({ at: Date.now(), length: this.output.length });
      for (const wake of this.waiters) wake();
    };
    this.child.stdout?.on('data', hear);
    this.child.stderr?.on('data', hear);
    this.child.on('exit', (code, signal) => {
      this.exit = `exited (${signal ?? code})`;
      for (const wake of this.waiters) wake();
    });
  }

  /**
   * The first match of `pattern` in the output so far or to come, and the seconds from the start to when it was
   * printed; fails when the command ends or time runs out.
   */
  waitFor(pattern: RegExp, timeout: number): Promise<{ match: RegExpMatchArray; after: string }> {
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
      };
      const check = () => {
        const match = this.output.match(pattern);
        if (match) {
          done();
          const end = (match.index ?? 0) + match[0].length;
          const at = this.arrivals.find(({ length }) => length >= end)?.at ?? Date.now();
          resolve({ match, after: seconds(this.started, at) });
        } else if (this.exit) {
          done();
          reject(new Error(`${this.exit} before printing ${pattern}:\n${this.tail()}`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no ${pattern} within ${timeout / 1000} s:\n${this.tail()}`));
      }, timeout);
      this.waiters.add(check);
      check();
    });
  }

  private tail(): string {
    return this.output.split('\n').slice(-40).join('\n');
  }

  /** Live (not zombie) processes of the group, as "pid command". */
  private members(): string[] {
    const group = this.child.pid;
    if (!existsSync('/proc/self/stat')) {
      const table = execFileSync('ps', ['-eo', 'pid=,pgid=,stat=,comm='], { encoding: 'utf8' });
      return table
        .split('\n')
        .map((line) => line.trim().split(/\s+/))
        .filter(([, pgid, stat]) => Number(pgid) === group && !stat?.startsWith('Z'))
        .map(([pid, , , command]) => `${pid} ${command}`);
    }
    return readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .flatMap((pid) => {
        let stat: string;
        try {
          stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        } catch {
          return []; // ended meanwhile
        }
        // "pid (command) state ppid pgrp …": the command may hold spaces and parentheses.
        const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        return Number(pgrp) === group && state !== 'Z' ? [`${pid} ${command}`] : [];
      });
  }

  /** SIGTERM to the whole group; every process of it must be gone within 30 s. */
  async stop(): Promise<void> {
    const group = this.child.pid;
    if (group === undefined) return;
    try {
      process.kill(-group, 'SIGTERM');
    } catch {
      // The group is already gone.
    }
    try {
      await expect.poll(() => this.members(), { timeout: 30_000 }).toEqual([]);
    } catch (error) {
      try {
        process.kill(-group, 'SIGKILL');
      } catch {
        // Gone meanwhile.
      }
      throw error;
    }
  }
}

/** Signs in by the printed link on the dev server, then checks 报警总览 and 报警列表 against the API behind it. */
async function checkPages(page: Page, link: string) {
  const { origin } = new URL(link);
  await page.goto(link);
  await expect(page.getByRole('menu').first()).toBeVisible(PAGE);
  await page.goto(`${origin}/alarm/board/over`);
  await expect(pageTitle(page)).toHaveText('报警总览', PAGE);
  // The KPI cards, with figures of the demo plant.
  for (const card of ['报警总数', '平均报警率', '未处置异常报警']) {
    await expect(page.getByRole('group', { name: card })).toContainText(/\d/, PAGE);
  }
  // The trend's picture, drawn on the server's chart worker.
  const picture = page.getByRole('img', { name: '报警趋势' }).locator('img');
  await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth), PAGE).toBeGreaterThan(0);
  await page.goto(`${origin}/alarm/bases/list`);
  await expect(pageTitle(page)).toHaveText('报警列表', PAGE);
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible(PAGE);
  expect(await rows.count()).toBeGreaterThan(1);
}

test('npm run dev: the in-process API starts with the dev server, prints its link, and the pages work', async ({
  page,
}) => {
  const port = await freePort();
  const dev = new DevCommand('dev', { PORT: String(port), SEED_DEMO: '1', SEED_DEMO_UNTIL });
  try {
    // Printed without any request: a browser without a token asks the API nothing.
    const linked = await dev.waitFor(
      /\[mock\] 内置 API 已就绪。管理员登录链接：(http:\/\/\S+\?token=[\w-]+)/,
      COMPILE_TIMEOUT + API_TIMEOUT,
    );
    const link = linked.match[1];
    expect(link).toMatch(new RegExp(`^http://localhost:${port}/\\?token=`));
    const compiled = await dev.waitFor(/Compiled in \d+ ms/, COMPILE_TIMEOUT);
    const asked = Date.now();
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    const answered = seconds(asked);
    await checkPages(page, link);
    const shown = seconds(dev.started);
    // The next test's compile starts from this one's cache: stopped once webpack has stored it.
    await expect.poll(() => cacheStoredSince(dev.started), { timeout: CACHE_TIMEOUT }).toBe(true);
    console.log(
      `npm run dev: link printed after ${linked.after}, first compile done after ${compiled.after}, an /api request then answered in ${answered}, pages shown ${shown} after the start, webpack's cache stored after ${seconds(dev.started)}`,
    );
  } finally {
    await dev.stop();
  }
});

test('npm run dev:api: the real server on its own data directory prints a link to the dev server, and the pages work', async ({
  page,
}) => {
  const [port, apiPort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'alarm-dev-api-'));
  const dev = new DevCommand('dev:api', {
    PORT: String(port),
    API_PORT: String(apiPort),
    DATA_DIR: path.join(dataDir, 'db'),
    SEED_DEMO: '1',
    SEED_DEMO_UNTIL,
  });
  try {
    const linked = await dev.waitFor(
      /\[dev:api\] 开发服务器登录链接：(http:\/\/\S+\?token=[\w-]+)/,
      COMPILE_TIMEOUT + API_TIMEOUT,
    );
    const link = linked.match[1];
    expect(link).toMatch(new RegExp(`^http://localhost:${port}/\\?token=`));
    const compiled = await dev.waitFor(/Compiled in \d+ ms/, COMPILE_TIMEOUT);
    await checkPages(page, link);
    console.log(
      `npm run dev:api: first compile done after ${compiled.after}, link printed after ${linked.after}, pages shown ${seconds(dev.started)} after the start`,
    );
  } finally {
    await dev.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
