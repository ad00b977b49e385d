/**
 * Exclusive use of an embedded data directory. Two processes on one PGlite folder silently lose
 * committed writes, so the second opener is refused. The lock is a directory (`server.lock`, created
 * atomically by proper-lockfile) whose modification time the holder refreshes every second: a holder
 * that died stops refreshing it and is taken over once the lock is STALE_MS old. Nothing depends on
 * process ids, which a restarted container reuses (pid 1 again) and unrelated processes may hold;
 * `server.pid` beside it only names the holder in the refusal.
 */
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import lockfile from 'proper-lockfile';

/** A lock not refreshed for this long belongs to a process that is gone. */
const STALE_MS = 10_000;
const REFRESH_MS = 1_000;

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number | undefined,
  ) {
    const holder = pid === undefined ? '' : `（pid ${pid}）`;
    super(
      `数据目录 ${dataDir} 正被另一个进程${holder}使用：请先停止该进程。` +
        ` / The data directory ${dataDir} is in use by another process${pid === undefined ? '' : ` (pid ${pid})`}: stop it first.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  release(): Promise<void>;
}

const modified = (file: string) => fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs;

function holderPid(pidFile: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(pidFile, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the directory's lock. A held lock is watched for one refresh: if its holder refreshes it, the
 * holder is alive and the call is refused; if not, the call waits until the lock is stale and takes it.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'server.lock');
  const pidFile = path.join(dataDir, 'server.pid');
  // Earlier versions kept the holder's pid in a plain file of that name.
  if (fs.statSync(lockPath, { throwIfNoEntry: false })?.isFile()) fs.rmSync(lockPath);
  const giveUpAt = Date.now() + STALE_MS + 3 * REFRESH_MS;
  for (;;) {
    try {
      const release = await lockfile.lock(dataDir, { lockfilePath: lockPath, stale: STALE_MS, update: REFRESH_MS });
      fs.writeFileSync(pidFile, String(process.pid));
      return {
        async release() {
          fs.rmSync(pidFile, { force: true });
          await release();
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
      const seen = modified(lockPath);
      await delay(REFRESH_MS * 1.5);
      const refreshed = modified(lockPath);
      if ((refreshed !== undefined && refreshed !== seen) || Date.now() > giveUpAt) {
        throw new DataDirLockedError(dataDir, holderPid(pidFile));
      }
    }
  }
}
