/**
 * OPC UA sources of 数据采集 (docs/api.md, "Data collection") against a real node-opcua server started here (the
 * demo plant): settings checked and the password never answered, 测试连接 browsing conditions, condition events
 * stored once through the journal ingest, a network outage and a server restart reconciled by ConditionRefresh
 * without doubles, and a buffer left by a crashed run stored at the next start.
 */
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpcuaPlant } from '../../server/dev/opcua-plant';
import type { JournalRow } from '../../server/domain/journal';
import { queryRows } from '../../server/repositories/raw-sql';
import { build, SLOW, type TestApp, type TestUser } from './helpers';

const SECRET = 'test-source-secret-0123456789';
const PASSWORD = 'plant-operator-pw-42';

/** A TCP relay to the plant: cutting it is the network going away while the plant keeps running. */
class Relay {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  constructor(
    readonly port: number,
    private readonly target: () => number,
  ) {}

  static async open(target: () => number): Promise<Relay> {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as net.AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const relay = new Relay(port, target);
    await relay.up();
    return relay;
  }

  async up(): Promise<void> {
    this.server = net.createServer((socket) => {
      const upstream = net.connect(this.target(), '127.0.0.1');
      this.sockets.add(socket).add(upstream);
      socket.pipe(upstream).pipe(socket);
      const end = () => {
        socket.destroy();
        upstream.destroy();
      };
      socket.on('error', end).on('close', end);
      upstream.on('error', end).on('close', end);
    });
    await new Promise<void>((resolve) => this.server?.listen(this.port, '127.0.0.1', resolve));
  }

  async down(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

describe('OPC UA sources', { timeout: SLOW }, () => {
  let t: TestApp;
  let engineer: TestUser;
  let plant: OpcuaPlant;
  let relay: Relay;

  beforeAll(async () => {
    plant = await OpcuaPlant.start();
    relay = await Relay.open(() => plant.port);
    t = await build({ collectorPollMs: 60_000, sourceSecretKey: SECRET });
    engineer = await t.createUser({
      permissions: [
        'alarm-base-source-view',
        'alarm-base-source-create',
        'alarm-base-source-edit',
        'alarm-base-source-delete',
        'alarm-op-system-run-view',
      ],
    });
  }, SLOW);
  afterAll(async () => {
    await t?.close();
    await relay?.down();
    await plant?.stop();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, payload, headers: engineer.authorization });
  const opcua = (extra: object = {}) => ({
    endpointUrl: `opc.tcp://127.0.0.1:${relay.port}`,
    securityMode: 'None',
    securityPolicy: 'None',
    ...extra,
  });
  const journal = async () =>
    queryRows<{
      tag: string;
      condition: string;
      event: string;
      source: string;
      priority: string;
      value: number | null;
    }>(
      t.database.db,
      sql`select p.tag, p.condition, e.event, e.source, e.priority, e.value_number as value
          from alarm_events e join alarm_points p on p.id = e.point_id order by e.id`,
    );
  const statusOf = async (id: number) =>
    (await call('GET', '/alarm/base/source')).json().data.find((source: { id: number }) => source.id === id).status;
  const connected = (id: number) =>
    expect.poll(async () => (await statusOf(id)).state, { timeout: 20_000, interval: 100 }).toBe('connected');

  it('checks the settings in Chinese and never answers the password', async () => {
    const bad = [
      opcua({ endpointUrl: 'http://plant:4840' }),
      opcua({ endpointUrl: 'not a url' }),
      opcua({ securityMode: 'Sign', securityPolicy: 'None' }),
      opcua({ mapping: { severityBands: { low: 600, medium: 500, high: 750 } } }),
      opcua({ mapping: { valueField: 'a b' } }),
      opcua({ userName: 'op' }),
    ];
    for (const settings of bad) {
      const response = await call('POST', '/alarm/base/source', { name: '坏的', kind: 'opcua', opcua: settings });
      expect(response.statusCode, JSON.stringify(settings)).toBe(400);
      expect(response.json().msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    const created = await call('POST', '/alarm/base/source', {
      name: '带密码',
      kind: 'opcua',
      enabled: false,
      opcua: opcua({ userName: 'operator', password: PASSWORD }),
    });
    expect(created.statusCode).toBe(200);
    expect(created.body).not.toContain(PASSWORD);
    const { id, opcua: settings } = created.json().data;
    expect(settings).toMatchObject({
      userName: 'operator',
      hasPassword: true,
      mapping: {
        tagField: 'SourceName',
        conditionField: 'ConditionName',
        severityBands: { low: 250, medium: 500, high: 750 },
      },
    });
    const [stored] = await queryRows<{ settings: string }>(
      t.database.db,
      sql`select settings::text as settings from collection_sources where id = ${id}`,
    );
    expect(stored.settings).not.toContain(PASSWORD);
    // Edited without a password: the stored one is kept; listed: never shown.
    const edited = await call('PUT', `/alarm/base/source/${id}`, {
      name: '带密码',
      kind: 'opcua',
      enabled: false,
      opcua: opcua({ userName: 'operator' }),
    });
    expect(edited.json().data.opcua.hasPassword).toBe(true);
    const listed = await call('GET', '/alarm/base/source');
    expect(listed.body).not.toContain(PASSWORD);
    expect(listed.body).not.toContain((JSON.parse(stored.settings) as { password: string }).password);
    expect((await call('DELETE', `/alarm/base/source/${id}`)).statusCode).toBe(200);
  });

  it('tests the connection by browsing for conditions, and says why it fails', async () => {
    const created = await call('POST', '/alarm/base/source', {
      name: '测试连接',
      kind: 'opcua',
      enabled: false,
      opcua: opcua(),
    });
    const { id } = created.json().data;
    const tested = (await call('POST', `/alarm/base/source/${id}/test`)).json().data;
    expect(tested.ok).toBe(true);
    expect(tested.conditions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ source: 'LI-101', condition: 'PVHI' }),
        expect.objectContaining({ source: 'P-101A', condition: 'TRIP' }),
      ]),
    );
    await call('PUT', `/alarm/base/source/${id}`, {
      name: '测试连接',
      kind: 'opcua',
      enabled: false,
      opcua: opcua({ endpointUrl: 'opc.tcp://127.0.0.1:1' }),
    });
    const failed = (await call('POST', `/alarm/base/source/${id}/test`)).json().data;
    expect(failed).toMatchObject({ ok: false, conditions: [] });
    expect(failed.message).toMatch(/无法连接/);
    await call('DELETE', `/alarm/base/source/${id}`);
  });

  it('shows the last error of a source that keeps failing', async () => {
    const created = await call('POST', '/alarm/base/source', {
      name: '连不上',
      kind: 'opcua',
      opcua: opcua({ endpointUrl: 'opc.tcp://127.0.0.1:1' }),
    });
    const { id } = created.json().data;
    await t.app.opcuaCollector.sync();
    await expect.poll(async () => (await statusOf(id)).state, { timeout: 20_000, interval: 200 }).toBe('error');
    expect((await statusOf(id)).lastError).toMatch(/无法连接 OPC UA 服务器/);
    expect((await call('DELETE', `/alarm/base/source/${id}`)).statusCode).toBe(200);
    await t.app.opcuaCollector.sync();
    expect(t.app.opcuaCollector.worker(id)).toBeUndefined();
  });

  it('stores condition changes once, reconciles an outage and a server restart, and keeps the buffer', async () => {
    const created = await call('POST', '/alarm/base/source', {
      name: '演示装置',
      kind: 'opcua',
      unit: '常减压',
      console: '一号操作台',
      opcua: opcua({ mapping: { valueField: '1:Value' } }),
    });
    const { id } = created.json().data;
    await t.app.opcuaCollector.sync();
    await connected(id);

    const high = plant.alarm('LI-101', 'PVHI');
    plant.raise(high, 85.5);
    plant.acknowledge(high);
    plant.shelve(high, true);
    plant.shelve(high, false);
    plant.suppress(high, true);
    plant.suppress(high, false);
    plant.clear(high, 70);
    const live = [
      ['LI-101', 'PVHI', 'ALM', 'opcua', 'high', 85.5],
      ['LI-101', 'PVHI', 'ACK', 'opcua', 'high', 85.5],
      ['LI-101', 'PVHI', 'SHLV', 'opcua', 'high', 85.5],
      ['LI-101', 'PVHI', 'UNSHLV', 'opcua', 'high', 85.5],
      ['LI-101', 'PVHI', 'SUPP', 'opcua', 'high', 85.5],
      ['LI-101', 'PVHI', 'UNSUPP', 'opcua', 'high', 85.5],
      ['LI-101', 'PVHI', 'RTN', 'opcua', 'high', 70],
    ];
    const rows = async () =>
      (await journal()).map((row) => [row.tag, row.condition, row.event, row.source, row.priority, row.value]);
    await expect.poll(rows, { timeout: 10_000, interval: 100 }).toEqual(live);
    const [point] = await queryRows<{ status: string }>(
      t.database.db,
      sql`select rationalization_status as status from alarm_points where tag = 'LI-101' and condition = 'PVHI'`,
    );
    expect(point.status).toBe('待确认');

    // The network goes away: meanwhile one alarm is acknowledged, another raised.
    const trip = plant.alarm('P-101A', 'TRIP');
    plant.raise(trip, 1);
    await expect.poll(async () => (await rows()).length, { timeout: 10_000, interval: 100 }).toBe(live.length + 1);
    await relay.down();
    await expect.poll(async () => (await statusOf(id)).state, { timeout: 20_000, interval: 200 }).not.toBe('connected');
    plant.acknowledge(trip);
    plant.raise(plant.alarm('TI-201', 'PVHI'), 120);
    await relay.up();
    await connected(id);
    const afterOutage = [
      ...live,
      ['P-101A', 'TRIP', 'ALM', 'opcua', 'urgent', 1],
      ['P-101A', 'TRIP', 'ACK', 'opcua-refresh', 'urgent', 1],
      ['TI-201', 'PVHI', 'ALM', 'opcua-refresh', 'medium', 120],
    ];
    await expect
      .poll(async () => (await rows()).sort(), { timeout: 10_000, interval: 100 })
      .toEqual([...afterOutage].sort());

    // The plant's server restarts and forgets: TI-201 returned meanwhile; P-101A too.
    const port = plant.port;
    await plant.stop();
    plant = await OpcuaPlant.start({ port });
    await expect
      .poll(async () => (await rows()).length, { timeout: 20_000, interval: 200 })
      .toBe(afterOutage.length + 3);
    const restarted = (await rows()).slice(afterOutage.length).sort();
    expect(restarted).toEqual(
      [
        ['P-101A', 'TRIP', 'RTN', 'opcua-refresh', 'urgent', null],
        ['TI-201', 'PVHI', 'RTN', 'opcua-refresh', 'medium', null],
        ['TI-201', 'PVHI', 'ACK', 'opcua-refresh', 'medium', null],
      ].sort(),
    );

    // Another reconnection with nothing changed writes nothing.
    await relay.down();
    await relay.up();
    await expect.poll(async () => (await statusOf(id)).lastError, { timeout: 20_000, interval: 200 }).toBeNull();
    await connected(id);
    plant.raise(plant.alarm('AI-501', 'PVHI'), 3);
    await expect
      .poll(async () => (await rows()).length, { timeout: 10_000, interval: 100 })
      .toBe(afterOutage.length + 4);

    // Counted under the source once the ingest commits (on the embedded database a read during the ingest sees its
    // rows before its batch's count), on the live summary too.
    await expect
      .poll(() => statusOf(id), { timeout: 10_000, interval: 100 })
      .toMatchObject({ state: 'connected', eventsToday: afterOutage.length + 4 });
    const summary = (await call('GET', '/alarm/op/system/run/live')).json().data;
    expect(summary.sources.find((source: { id: number }) => source.id === id).status.state).toBe('connected');

    // A run that crashed left received events in the buffer: the next start stores them, once.
    await call('PUT', `/alarm/base/source/${id}`, {
      name: '演示装置',
      kind: 'opcua',
      enabled: false,
      opcua: opcua(),
    });
    await t.app.opcuaCollector.sync();
    const leftover: JournalRow = {
      time: Date.parse('2026-03-01T08:00:00Z'),
      tag: 'LI-999',
      condition: 'PVHI',
      event: 'ALM',
      priority: 'low',
      row: 1,
    };
    await t.app.repositories.opcua.buffer(id, [{ source: 'opcua', rows: [leftover] }], []);
    await call('PUT', `/alarm/base/source/${id}`, { name: '演示装置', kind: 'opcua', enabled: true, opcua: opcua() });
    await t.app.opcuaCollector.sync();
    await expect
      .poll(async () => (await rows()).filter((row) => row[0] === 'LI-999').length, { timeout: 10_000, interval: 100 })
      .toBe(1);
    // The reconnection's own refresh passes through the buffer too: it drains, and the leftover stays stored once.
    await expect.poll(() => t.app.repositories.opcua.bufferedRows(id), { timeout: 10_000, interval: 100 }).toBe(0);
    expect((await rows()).filter((row) => row[0] === 'LI-999')).toHaveLength(1);
  });
});
