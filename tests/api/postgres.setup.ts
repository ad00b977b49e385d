/**
 * Vitest global setup of the api-postgres project: migrates ONE template database on TEST_DATABASE_URL's server
 * with the app's own migrator; every worker's database is a copy of it (postgres-worker.setup.ts). The run's
 * databases are dropped after it, and those a run on this machine left behind when it died are dropped first.
 */
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { MEMORY_DATA_DIR } from '../../server/config';
import { openDatabase } from '../../server/db';
import {
  databaseUrl,
  dropDatabases,
  onServer,
  type PostgresDatabases,
  runDatabaseName,
  runPrefix,
} from './postgres-databases';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function databasesOfRuns(adminUrl: string): Promise<{ name: string; pid: number }[]> {
  const { rows } = await onServer(adminUrl, (client) =>
    client.query<{ name: string }>('select datname as name from pg_database'),
  );
  return rows.flatMap(({ name }) => {
    const run = runDatabaseName(adminUrl, name);
    return run ? [{ name, pid: run.pid }] : [];
  });
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('the api-postgres project needs TEST_DATABASE_URL');
  const left = await databasesOfRuns(adminUrl);
  await dropDatabases(
    adminUrl,
    left.filter((database) => !alive(database.pid)).map((database) => database.name),
  );

  const prefix = runPrefix(adminUrl, process.pid);
  const databases: PostgresDatabases = { adminUrl, template: `${prefix}tpl`, workerPrefix: `${prefix}w` };
  const teardown = async () => {
    // The marker files of the isolation check (isolation.ts).
    rmSync(path.join(os.tmpdir(), `${databases.template}-isolation`), { recursive: true, force: true });
    const ours = (await databasesOfRuns(adminUrl)).filter((database) => database.pid === process.pid);
    await dropDatabases(
      adminUrl,
      ours.map((database) => database.name),
    );
  };
  try {
    await dropDatabases(adminUrl, [databases.template]);
    await onServer(adminUrl, (client) => client.query(`create database ${pg.escapeIdentifier(databases.template)}`));
    const template = await openDatabase({
      dataDir: MEMORY_DATA_DIR,
      databaseUrl: databaseUrl(adminUrl, databases.template),
    });
    await template.close();
  } catch (error) {
    await teardown();
    throw error;
  }
  project.provide('postgresDatabases', databases);
  return teardown;
}
