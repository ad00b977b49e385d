/**
 * `npm run bench -- opcua`: OPC UA collection under load. The demo plant's server with 200 conditions, in a process
 * of its own (scripts/bench/opcua-plant-process.ts), toggles them at 1,000 condition events a second for 60 s
 * (`OPCUA_BENCH_SECONDS`), while the app (in this process, with its collector) collects them into the database of
 * the part (embedded, or PostgreSQL with DATABASE_URL). Printed: the events the plant sent and the rate it offered,
 * those stored (no loss: equal), each event's latency from its own time (set by the plant's server when raised) to
 * the commit that stored it, the lag of the stored journal behind the plant sampled every 100 ms, the 系统运行看板
 * live summary's p99 meanwhile, and where the ingests' time went.
 */
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db';
import { INGEST_PHASES, type IngestPhasesMessage, ingestPhasesChannel } from '../../server/domain/ingest/phases';
import { queryRows } from '../../server/repositories/raw-sql';
import { seedDatabase } from '../../server/seed';
import {
  type OpcuaReceivedMessage,
  type OpcuaStoredMessage,
  opcuaReceivedChannel,
  opcuaStoredChannel,
} from '../../server/use-cases/collection/opcua-collector';
import { BenchChild } from './child';
import { benchDatabase } from './database';
import type { FromPlantProcess, PlantProcessOptions, ToPlantProcess } from './opcua-plant-process';
import { ms, percentile } from './stats';

const CONDITIONS = 200;
/** Condition events a second. */
const RATE = 1_000;

export async function benchOpcua(print: (line: string) => void): Promise<void> {
  const seconds = Number(process.env.OPCUA_BENCH_SECONDS ?? 60);
  const target = await benchDatabase('opcua');
  const plant = await BenchChild.start<FromPlantProcess, ToPlantProcess>('opcua-plant-process', {
    conditions: CONDITIONS,
    rate: RATE,
  } satisfies PlantProcessOptions);
  try {
    const { endpointUrl } = await plant.answer('ready');
    const database = await openDatabase(target.config);
    try {
      await seedDatabase(database.db, { demo: false });
      // Warnings and errors shown: a connection the collector loses during the run is said, not only counted.
      const app = await buildApp({
        config: { ...target.config, collectorPollMs: 60_000 },
        database,
        logger: { level: 'warn' },
      });
      await app.ready();
      const [admin] = await queryRows<{ id: number }>(database.db, sql`select id from users where username = 'admin'`);
      const { token } = await app.repositories.tokens.issue(admin.id, 1);
      const headers = { authorization: `Bearer ${token}` };
      try {
        const created = await app.inject({
          method: 'POST',
          url: '/api/alarm/base/source',
          headers,
          payload: {
            name: '压测装置',
            kind: 'opcua',
            console: '压测操作台',
            opcua: { endpointUrl, securityMode: 'None', securityPolicy: 'None' },
          },
        });
        const { id } = created.json().data as { id: number };
        await app.opcuaCollector.sync();
        const started = Date.now();
        while (app.opcuaCollector.worker(id)?.local.state !== 'connected') {
          if (Date.now() - started > 30_000) throw new Error('the bench source did not connect');
          await new Promise((resolve) => setTimeout(resolve, 50));
        }

        // Where the ingests' time goes (their phases, summed), and how many rows each stored.
        const spent = Object.fromEntries(INGEST_PHASES.map((phase) => [phase, 0])) as Record<string, number>;
        let ingests = 0;
        let ingested = 0;
        const onPhases = (message: unknown) => {
          const { rows, phases } = message as IngestPhasesMessage;
          ingests += 1;
          ingested += rows;
          for (const phase of INGEST_PHASES) spent[phase] += phases[phase];
        };
        ingestPhasesChannel.subscribe(onPhases);
        // Each event's latency to its commit, split at its arrival in the collector (events matched by their time).
        const latencies: number[] = [];
        const arrivals: number[] = [];
        const storing: number[] = [];
        const receivedAt = new Map<number, number[]>();
        const onReceived = (message: unknown) => {
          const received = message as OpcuaReceivedMessage;
          for (const time of received.times) {
            arrivals.push(received.receivedAt - time);
            const same = receivedAt.get(time);
            if (same) same.push(received.receivedAt);
            else receivedAt.set(time, [received.receivedAt]);
          }
        };
        opcuaReceivedChannel.subscribe(onReceived);
        let newestStored = 0;
        const onStored = (message: unknown) => {
          const { times, storedAt } = message as OpcuaStoredMessage;
          for (const time of times) {
            newestStored = Math.max(newestStored, time);
            latencies.push(storedAt - time);
            const same = receivedAt.get(time);
            const received = same?.shift();
            if (received !== undefined) storing.push(storedAt - received);
            if (same && !same.length) receivedAt.delete(time);
          }
        };
        opcuaStoredChannel.subscribe(onStored);
        const load = os.loadavg()[0];
        const cpuBefore = process.cpuUsage();
        // The app's event loop: a long stall delays the OPC UA client's reading as well as the collector.
        const stalls = monitorEventLoopDelay({ resolution: 10 });
        stalls.enable();
        await plant.answer('started', 'start');
        const lags: number[] = [];
        const summary: number[] = [];
        const sampler = setInterval(async () => {
          // The newest event stored, as the commits report it: asking the journal would load the database measured.
          if (newestStored > 0) lags.push(Date.now() - newestStored);
          const before = performance.now();
          await app.inject({ url: '/api/alarm/op/system/run/live', headers });
          summary.push(performance.now() - before);
        }, 100);
        await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
        const { sent, seconds: sending, cpuSeconds: plantCpu, maxStallMs } = await plant.answer('sent', 'stop');
        const { user, system } = process.cpuUsage(cpuBefore);
        stalls.disable();
        clearInterval(sampler);
        const drained = Date.now();
        const count = async () =>
          (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from alarm_events`))[0].n;
        let stored = await count();
        // Until every event is stored and its commit reported.
        while ((stored < sent || latencies.length < sent) && Date.now() - drained < 30_000) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          stored = await count();
        }
        print(
          `OPC UA collection (${target.label}, ${CONDITIONS} conditions, ${seconds} s): the plant sent ${sent.toLocaleString('en-US')} ` +
            `events (offered ${Math.round(sent / sending)}/s, target ${RATE}/s), the collector received ` +
            `${arrivals.length.toLocaleString('en-US')}, stored ${stored.toLocaleString('en-US')}` +
            `${stored === sent ? ' — none lost' : ` — ${(sent - stored).toLocaleString('en-US')} MISSING`}, ` +
            `drained ${((Date.now() - drained) / 1000).toFixed(1)} s after the last`,
        );
        print(
          `  CPU while sending: app and collector ${((user + system) / 1e6).toFixed(1)} s, plant ${plantCpu.toFixed(1)} s ` +
            `(of ${sending.toFixed(1)} s; load average ${load.toFixed(1)} at the start); longest event-loop stall: ` +
            `app ${ms(stalls.max / 1e6)}, plant ${ms(maxStallMs)}`,
        );
        const [{ refreshed }] = await queryRows<{ refreshed: number }>(
          database.db,
          sql`select count(*)::int as refreshed from alarm_events where source = 'opcua-refresh'`,
        );
        const worker = app.opcuaCollector.worker(id)?.local;
        print(
          `  the source at the end: ${worker?.state ?? 'no worker'}${worker?.lastError ? ` (${worker.lastError})` : ''}; ` +
            `events reconstructed by a refresh after reconnecting: ${refreshed.toLocaleString('en-US')}`,
        );
        print(
          `  stored journal's lag behind the plant when asked: p50 ${ms(percentile(lags, 50))}, ` +
            `p99 ${ms(percentile(lags, 99))}, max ${ms(Math.max(...lags))} (${lags.length} samples); ` +
            `live summary p99 ${ms(percentile(summary, 99))}`,
        );
        ingestPhasesChannel.unsubscribe(onPhases);
        opcuaStoredChannel.unsubscribe(onStored);
        opcuaReceivedChannel.unsubscribe(onReceived);
        print(
          `  event → stored latency (the event's own time to its commit, budget p99 ≤ 1 s): p50 ${ms(percentile(latencies, 50))}, ` +
            `p99 ${ms(percentile(latencies, 99))}, max ${ms(Math.max(...latencies))} (${latencies.length.toLocaleString('en-US')} events)`,
        );
        print(
          `    event → received by the collector (the plant's publishing, the OPC UA client): ` +
            `p50 ${ms(percentile(arrivals, 50))}, p99 ${ms(percentile(arrivals, 99))}, max ${ms(Math.max(...arrivals))}; ` +
            `received → stored (the collector's buffer and ingest): p50 ${ms(percentile(storing, 50))}, ` +
            `p99 ${ms(percentile(storing, 99))}, max ${ms(Math.max(...storing))}`,
        );
        print(
          `  ${ingests} ingests of ${Math.round(ingested / Math.max(1, ingests))} rows on average; time by phase: ` +
            INGEST_PHASES.map((phase) => `${phase} ${(spent[phase] / 1000).toFixed(1)} s`).join(', '),
        );
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
    await plant.close();
  } finally {
    plant.kill();
    await target.dispose();
  }
}
