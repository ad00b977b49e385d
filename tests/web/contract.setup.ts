/**
 * Vitest global setup of the component tests: the response schemas of the server's routes, for the mocks'
 * contract (contract.ts). They come from the server app itself, built on an empty in-memory embedded
 * database (never TEST_DATABASE_URL's server); as that takes seconds, the result is kept in the temp
 * directory under a hash of the server's sources and of the shared code, and built again when those change.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import type { RouteContract } from './contract';

const SOURCES = ['server', 'common', 'contract', 'config/routes.ts'];

function sourceHash(): string {
  const hash = createHash('sha256');
  for (const source of SOURCES) {
    const files = statSync(source).isDirectory()
      ? readdirSync(source, { recursive: true }).map((file) => path.join(source, String(file)))
      : [source];
    for (const file of files.filter((name) => name.endsWith('.ts')).sort()) {
      hash.update(file).update(readFileSync(file));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

async function serverContracts(): Promise<RouteContract[]> {
  const { buildApp } = await import('../../server/app');
  const { openTestDatabase, testConfig } = await import('../api/helpers');
  const config = testConfig({ databaseUrl: undefined });
  const database = await openTestDatabase(config);
  const app = await buildApp({ config, database });
  try {
    await app.ready();
    return app.apiRoutes
      .filter((route) => route.response)
      .map(({ method, url, response }) => ({ method, url, responses: JSON.parse(JSON.stringify(response)) }));
  } finally {
    await app.close();
    await database.close();
  }
}

export default async function setup(project: TestProject): Promise<void> {
  const cached = path.join(os.tmpdir(), `alarm-console-route-contracts-${sourceHash()}.json`);
  let contracts: RouteContract[];
  if (existsSync(cached)) contracts = JSON.parse(readFileSync(cached, 'utf8'));
  else {
    contracts = await serverContracts();
    const partial = `${cached}.${process.pid}`;
    writeFileSync(partial, JSON.stringify(contracts));
    renameSync(partial, cached);
  }
  project.provide('routeContracts', contracts);
}
