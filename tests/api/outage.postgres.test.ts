/**
 * PostgreSQL going away under a running server (a restart, a failover, a cut network): requests fail
 * with the 503 envelope while it is gone, /api/health says so (a load balancer stops sending traffic),
 * the process survives, and service comes back by itself.
 * The database sits behind a TCP relay the test can cut, so the shared test server keeps running.
 */
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, SLOW, type TestApp, type TestUser, testDatabaseUrl } from './helpers';

/** Relays one local port to the PostgreSQL server; `cut` drops every connection and stops listening. */
class Relay {
  private server?: net.Server;
  private readonly sockets = new Set<net.Socket>();

  constructor(
    private readonly target: URL,
    public port = 0,
  ) {}

  async open(): Promise<void> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(Number(this.target.port || 5432), this.target.hostname);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => this.server?.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  async cut(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

const url = new URL(testDatabaseUrl ?? 'postgresql://localhost/unused');

describe('PostgreSQL outage under a running server', { timeout: SLOW }, () => {
  const relay = new Relay(url);
  let t: TestApp;
  let admin: TestUser;
  const listTypes = () => t.app.inject({ method: 'GET', url: '/api/alarm/base/type', headers: admin.authorization });

  beforeAll(async () => {
    await relay.open();
    const relayed = new URL(url);
    relayed.hostname = '127.0.0.1';
    relayed.port = String(relay.port);
    t = await build({ databaseUrl: relayed.toString() });
    admin = await t.createUser({ roles: ['管理员'] });
  });
  afterAll(async () => {
    await t?.close();
    await relay.cut();
  });

  it('answers 503 while the database is gone, health included, and recovers without a restart', async () => {
    const health = () => t.app.inject({ method: 'GET', url: '/api/health' });
    expect((await listTypes()).statusCode).toBe(200);
    expect((await health()).json().data).toEqual({ status: 'ok', db: 'postgres' });

    await relay.cut();
    const down = await listTypes();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ code: 503, msg: '数据库暂不可用，请稍后重试', data: null });
    const unhealthy = await health();
    expect(unhealthy.statusCode).toBe(503);
    expect(unhealthy.json()).toEqual({ code: 503, msg: '数据库暂不可用', data: { status: 'down', db: 'postgres' } });

    await relay.open();
    const back = await listTypes();
    expect(back.statusCode).toBe(200);
    expect(back.json().data.list.length).toBeGreaterThan(0);
    expect((await health()).statusCode).toBe(200);
  });

  it('survives the server terminating its connections, as a restart does, and goes on answering', async () => {
    expect((await listTypes()).statusCode).toBe(200);
    const dba = new pg.Client({ connectionString: url.toString() });
    await dba.connect();
    try {
      const { rowCount } = await dba.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      expect(rowCount).toBeGreaterThan(0);
    } finally {
      await dba.end();
    }
    // The pooled connections are dead: the next requests must get fresh ones.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await listTypes();
      expect([200, 503]).toContain(response.statusCode);
    }
    expect((await listTypes()).statusCode).toBe(200);
  });
});
