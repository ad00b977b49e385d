/**
 * Where a bench part keeps its data. By default an embedded database (PGlite) in a temporary directory.
 * With DATABASE_URL, a scratch database created on that PostgreSQL server for the part and dropped after
 * it: every run starts empty, and the database DATABASE_URL names is never written to. `BENCH_KEEP=1` keeps the
 * scratch database after the part (its address printed) to read its plans with EXPLAIN; the next run drops it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type AppConfig, loadConfig } from '../../server/config';

export interface BenchDatabase {
  /** A temporary directory of the part (the embedded database lives in it), removed by `dispose`. */
  dir: string;
  /** The server's configuration for this part (no demo seed, no static files). */
  config: AppConfig;
  /** Which database runs, for the output. */
  label: string;
  /** Drops the scratch database or removes the temporary directory; call after the app is closed. */
  dispose(): Promise<void>;
}

/** The server's configuration over the embedded directory or PostgreSQL address given. */
export function benchConfig(target: { dataDir: string; databaseUrl?: string }): AppConfig {
  return {
    ...loadConfig({}),
    dataDir: target.dataDir,
    databaseUrl: target.databaseUrl,
    seedDemo: false,
    staticDir: path.join(target.dataDir, 'none'),
  };
}

/** Runs `run` on a connection of its own to `url`, closed after. */
export async function onServer<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A fresh database for `part` (e.g. `journal`): embedded unless DATABASE_URL (or `databaseUrl`) is set. */
export async function benchDatabase(part: string, databaseUrl = process.env.DATABASE_URL): Promise<BenchDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${part}-`));
  const removeDir = async () => fs.rmSync(dir, { recursive: true, force: true });
  const serverUrl = loadConfig({ DATABASE_URL: databaseUrl }).databaseUrl;
  if (!serverUrl) {
    return {
      dir,
      config: benchConfig({ dataDir: path.join(dir, 'data') }),
      label: 'embedded PGlite',
      dispose: removeDir,
    };
  }
  const url = new URL(serverUrl);
  const scratch = `${decodeURIComponent(url.pathname.slice(1)) || 'postgres'}_bench_${part}`;
  const drop = `drop database if exists ${pg.escapeIdentifier(scratch)} with (force)`;
  const version = await onServer(serverUrl, async (client) => {
    await client.query(drop);
    await client.query(`create database ${pg.escapeIdentifier(scratch)}`);
    return (await client.query<{ server_version: string }>('show server_version')).rows[0].server_version;
  });
  url.pathname = `/${encodeURIComponent(scratch)}`;
  return {
    dir,
    config: benchConfig({ dataDir: path.join(dir, 'data'), databaseUrl: url.toString() }),
    label: `PostgreSQL ${version.split(' ')[0]} at ${url.host}, scratch database ${scratch}`,
    async dispose() {
      if (process.env.BENCH_KEEP === '1') process.stdout.write(`kept the scratch database: ${url}\n`);
      else await onServer(serverUrl, (client) => client.query(drop));
      await removeDir();
    },
  };
}
