/**
 * Setup file of the api-postgres project, run before each test file: points TEST_DATABASE_URL at this worker's
 * own database (a copy of the run's migrated template, made on the worker's first file), so everything the file
 * opens — apps, second nodes, child servers, bench parts — uses it and no other worker's.
 */
import { inject } from 'vitest';
import { copyTemplate, databaseUrl, onServer } from './postgres-databases';

const databases = inject('postgresDatabases');
const name = `${databases.workerPrefix}${process.env.VITEST_POOL_ID ?? '1'}`;
const exists = await onServer(
  databases.adminUrl,
  async (client) => (await client.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1,
);
if (!exists) await copyTemplate(databases, name);

process.env.TEST_DATABASE_URL = databaseUrl(databases.adminUrl, name);
/** What helpers.ts copies the worker's database from again for every app it builds. */
process.env.TEST_DATABASE_TEMPLATE = databases.template;
process.env.TEST_DATABASE_ADMIN_URL = databases.adminUrl;
