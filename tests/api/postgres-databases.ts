/**
 * The api-postgres project's databases on TEST_DATABASE_URL's server. One vitest run migrates ONE template
 * database (postgres.setup.ts); each vitest worker runs its files in a database of its own copied from it
 * (postgres-worker.setup.ts), so files run side by side without seeing each other's rows, locks or notices.
 * The names carry the machine and the run's process id: two runs on one server never share a database, and a
 * run that died without its teardown leaves databases the next run on the same machine drops.
 */
import { createHash } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { onServer } from '../../scripts/bench/database';

export { onServer };

export interface PostgresDatabases {
  /** TEST_DATABASE_URL as given: the connection that creates and drops the run's databases. */
  adminUrl: string;
  /** The migrated, empty database every worker's database is copied from. */
  template: string;
  /** The worker databases' names are this followed by the worker's pool id. */
  workerPrefix: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set once per run by postgres.setup.ts for the api-postgres project. */
    postgresDatabases: PostgresDatabases;
  }
}

/** PostgreSQL truncates names to 63 bytes; the base name is cut so the run's suffixes always fit. */
function baseName(adminUrl: string): string {
  return (decodeURIComponent(new URL(adminUrl).pathname.slice(1)) || 'postgres').slice(0, 32);
}

/** This machine, in a few characters: runs on other machines sharing the server are never taken for dead. */
const host = createHash('sha256').update(os.hostname()).digest('hex').slice(0, 6);

/** `<base>_<host>_<pid>_`: every database of the run `pid` on this machine starts with it. */
export function runPrefix(adminUrl: string, pid: number): string {
  return `${baseName(adminUrl)}_${host}_${pid}_`;
}

/** The databases of runs on this machine: `<base>_<host>_<pid>_tpl` and `<base>_<host>_<pid>_w<n>`. */
export function runDatabaseName(adminUrl: string, name: string): { pid: number } | undefined {
  const prefix = `${baseName(adminUrl)}_${host}_`;
  if (!name.startsWith(prefix)) return undefined;
  const match = /^(\d+)_(tpl|w\d+)$/.exec(name.slice(prefix.length));
  return match ? { pid: Number(match[1]) } : undefined;
}

/** The address of `database` on the server of `url`, keeping its user, password and parameters. */
export function databaseUrl(url: string, database: string): string {
  const address = new URL(url);
  address.pathname = `/${encodeURIComponent(database)}`;
  return address.toString();
}

/** The database name an address names. */
export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

/**
 * `database` afresh as a copy of the template: dropped first (its connections, e.g. of a killed child server
 * still being noticed by the server, are ended), then created from the template.
 */
export async function copyTemplate(
  { adminUrl, template }: Pick<PostgresDatabases, 'adminUrl' | 'template'>,
  database: string,
): Promise<void> {
  await onServer(adminUrl, async (client) => {
    await client.query(`drop database if exists ${pg.escapeIdentifier(database)} with (force)`);
    await client.query(`create database ${pg.escapeIdentifier(database)} template ${pg.escapeIdentifier(template)}`);
  });
}

/** Drops the databases named. */
export async function dropDatabases(adminUrl: string, names: string[]): Promise<void> {
  if (names.length === 0) return;
  await onServer(adminUrl, async (client) => {
    for (const name of names) await client.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
  });
}
