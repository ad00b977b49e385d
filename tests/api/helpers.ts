/**
 * The API test harness: a real app over an in-memory embedded database, or over the PostgreSQL server
 * of TEST_DATABASE_URL. In the api-postgres project that is the vitest worker's own database
 * (postgres-worker.setup.ts), copied afresh from the run's migrated template for every app built.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { type App, type BuildAppOptions, buildApp } from '../../server/app';
import { type AppConfig, loadConfig, MEMORY_DATA_DIR } from '../../server/config';
import { type Database, defaultMigrationsFolder, type OpenDatabase, openDatabase } from '../../server/db';
import { queryRows } from '../../server/repositories/raw-sql';
import { seedDatabase } from '../../server/seed';
import { copyTemplate, databaseName } from './postgres-databases';

export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;
export const databaseKind = testDatabaseUrl ? 'postgres' : 'pglite';

/** Opening an embedded database runs initdb in WebAssembly: seconds, not milliseconds. */
export const SLOW = 60_000;

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({}),
    dataDir: MEMORY_DATA_DIR,
    databaseUrl: testDatabaseUrl,
    seedDemo: false,
    staticDir: path.join(process.cwd(), 'tests', 'api', 'no-static-dir'),
    ...overrides,
  };
}

/** Leaves the test PostgreSQL database empty, as on a fresh install. */
export async function resetPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('drop schema if exists drizzle cascade');
    await client.query('drop schema if exists public cascade');
    await client.query('create schema public');
  } finally {
    await client.end();
  }
}

/**
 * A migrated, empty embedded database dumped once per migration set and shared by every test file
 * through the disk: loading it takes a fraction of a fresh initdb.
 */
async function pgliteTemplate(): Promise<Blob> {
  const migrations = defaultMigrationsFolder();
  const hash = createHash('sha256');
  for (const file of readdirSync(migrations, { recursive: true }).map(String).sort()) {
    const full = path.join(migrations, file);
    if (statSync(full).isFile()) hash.update(file).update(readFileSync(full));
  }
  const cached = path.join(os.tmpdir(), `alarm-console-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!existsSync(cached)) {
    const fresh = await openDatabase({ dataDir: MEMORY_DATA_DIR });
    const client = (fresh.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    await fresh.close();
    const partial = `${cached}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, cached);
  }
  return new Blob([readFileSync(cached)]);
}

/**
 * Leaves the worker's database as the migrations leave it, with no rows: copied again from the run's template
 * (faster than dropping the schema and migrating). Any other database is emptied and migrated.
 */
async function freshPostgres(url: string): Promise<void> {
  const template = process.env.TEST_DATABASE_TEMPLATE;
  const adminUrl = process.env.TEST_DATABASE_ADMIN_URL;
  if (template && adminUrl && testDatabaseUrl && databaseName(url) === databaseName(testDatabaseUrl)) {
    await copyTemplate({ adminUrl, template }, databaseName(url));
  } else await resetPostgres(url);
}

export async function openTestDatabase(config: AppConfig = testConfig()): Promise<OpenDatabase> {
  if (config.databaseUrl) {
    await freshPostgres(config.databaseUrl);
    return openDatabase(config);
  }
  return openDatabase(config, config.dataDir === MEMORY_DATA_DIR ? { pgliteTemplate: await pgliteTemplate() } : {});
}

export interface TestUserOptions {
  username?: string;
  roles?: string[];
  permissions?: string[];
  disabled?: boolean;
}

export interface TestUser {
  id: number;
  username: string;
  token: string;
  authorization: { authorization: string };
}

export interface TestApp {
  app: App;
  config: AppConfig;
  database: OpenDatabase;
  /** A user holding exactly the given roles (by name) and extra permissions, with a fresh token. */
  createUser(options?: TestUserOptions): Promise<TestUser>;
  /** The id of the seeded role of that name. */
  roleId(name: string): Promise<number>;
  close(): Promise<void>;
}

let userCounter = 0;

/**
 * A seeded app on a fresh database. Not yet ready: a test may still register its own routes before the
 * first `inject`.
 */
export async function build(
  overrides: Partial<AppConfig> = {},
  { logger }: Pick<BuildAppOptions, 'logger'> = {},
): Promise<TestApp> {
  const config = testConfig(overrides);
  const database = await openTestDatabase(config);
  await seedDatabase(database.db, { demo: false });
  const app = await buildApp({ config, database, logger });
  const { users, roles, tokens } = app.repositories;
  const roleId = async (name: string) => {
    const role = await roles.findByName(name);
    if (!role) throw new Error(`No role ${name}`);
    return role.id;
  };

  return {
    app,
    config,
    database,
    roleId,
    async createUser(options = {}) {
      userCounter += 1;
      const username = options.username ?? `user${userCounter}`;
      const roleIds: number[] = [];
      for (const name of options.roles ?? []) roleIds.push(await roleId(name));
      const user = await users.create({
        username,
        name: `测试用户 ${username}`,
        roleIds,
        permissions: options.permissions,
      });
      if (!user) throw new Error(`User ${username} exists`);
      if (options.disabled) await users.setDisabled(user.id, true);
      const { token } = await tokens.issue(user.id, config.tokenTtlHours);
      return { id: user.id, username, token, authorization: { authorization: `Bearer ${token}` } };
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

const BOUNDARY = 'test-upload-boundary';

/** A multipart body with one `file` field, as a browser uploads it. */
export function multipartFile(content: string | Buffer, fileName: string) {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), Buffer.from(content), Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

/** An exported workbook read back; exceljs types its input as an ArrayBuffer, so the bytes are copied into one. */
export async function readWorkbook(payload: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(payload).buffer);
  return workbook;
}

/** The rows of an exported workbook's sheet (the first unless named), as cell values. */
export async function sheetRows(payload: Buffer, sheetName?: string): Promise<unknown[][]> {
  const workbook = await readWorkbook(payload);
  const rows: unknown[][] = [];
  const sheet = sheetName === undefined ? workbook.worksheets[0] : workbook.getWorksheet(sheetName);
  sheet?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

/** Rows per table of the public schema: what a refused request must leave as it found it. */
export async function tableSizes(db: Database): Promise<Record<string, number>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const sizes: Record<string, number> = {};
  for (const { name } of tables) {
    const [{ n }] = await queryRows<{ n: number }>(db, sql.raw(`select count(*)::int as n from "${name}"`));
    sizes[name] = n;
  }
  return sizes;
}
