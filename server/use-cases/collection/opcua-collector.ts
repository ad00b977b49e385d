/**
 * OPC UA collection (docs/api.md, "Data collection"): one worker per enabled OPC UA source, started with the
 * server. A worker
 * - takes the source (on PostgreSQL a session-level advisory lock, so that exactly one node collects it; another
 *   node takes over when that node's connection ends, within LOCK_RETRY_MS);
 * - stores what a previous run left in the buffer, loads the conditions' recorded states, connects, subscribes to
 *   the Server object's events and calls ConditionRefresh;
 * - folds each batch of condition events into journal events (server/domain/collection/opcua.ts) and writes them,
 *   with the conditions' new states, to the buffer table at once; a flush then stores the buffer through the
 *   journal ingest (points 待确认, conditions tagged, rollups) and deletes it in the same transaction. Detection
 *   runs at most every DETECT_MS for the points touched;
 * - on a lost connection, closes everything and tries again after a growing pause (backoff), quietly: the first
 *   failure of a run is logged, the state shows the last error.
 * Its state is written to `collection_source_health` with a heartbeat, so every node shows the same status.
 */
import { channel } from 'node:diagnostics_channel';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { SourceStatus } from '../../../contract/sources';
import type { EventSource, SourceState } from '../../../contract/vocabulary';
import type { Executor, OpenDatabase, SessionLock } from '../../db';
import {
  type ConditionEvent,
  type ConditionRecord,
  foldConditionEvents,
  readOpcuaSettings,
  type StoredOpcuaSettings,
  unreportedConditions,
} from '../../domain/collection/opcua';
import type { SecretBox } from '../../domain/collection/secret';
import type { JournalRow } from '../../domain/journal';
import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from '../../domain/journal/record';
import { createDetectionRepository } from '../../repositories/detection';
import { ingestJournal } from '../../repositories/ingest';
import { vacuumJournal } from '../../repositories/journal';
import type { HealthRow, OpcuaRepository } from '../../repositories/opcua';
import { queryRows } from '../../repositories/raw-sql';
import { COLLECTOR_USER, type SourceRow, type SourcesRepository } from '../../repositories/sources';
import type { CollectorLog } from './collector';
import { connectionProblem, type OpcuaConnection, type OpcuaEndpoint } from './opcua-connection';
import { Repeating } from './repeating';

/** First key of the OPC UA workers' session locks; the second is the source id. */
export const OPCUA_LOCK_CLASS = 71_833;
/** How often a node not collecting a source tries to take it. */
export const LOCK_RETRY_MS = 5_000;
/** How often the collecting node writes the source's health; a heartbeat older than HEALTH_STALE_MS is no one's. */
const HEARTBEAT_MS = 5_000;
export const HEALTH_STALE_MS = 30_000;
/** Detection of abnormal alarms runs at most this often for the points collected meanwhile. */
export const DETECT_MS = 60_000;
/** Pauses between connection attempts: doubled on each failure up to the last. */
const BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000, 60_000];
/** Most journal events one source may hold in its buffer: beyond, it disconnects and reconciles by a refresh later. */
export const BUFFER_LIMIT = 200_000;
/** Journal events stored per flush transaction. */
const FLUSH_ROWS = 5_000;
/**
 * Flushes begin at least this far apart: events received sooner after the last one began wait until then and are
 * stored together; events received later are stored at once.
 */
const FLUSH_GAP_MS = 150;

/**
 * Each flush's event times and when they were stored, for the bench's event-to-stored latency (nothing subscribes
 * in production, where publishing is skipped).
 */
export const opcuaStoredChannel = channel('alarm-console:opcua-stored');

export interface OpcuaStoredMessage {
  sourceId: number;
  /** The stored events' own times (epoch milliseconds). */
  times: number[];
  storedAt: number;
}

/**
 * Each batch of received condition events' times and when the subscription handed them over, for the bench's
 * event-to-received latency: how long the events took to reach the collector, before it stores them.
 */
export const opcuaReceivedChannel = channel('alarm-console:opcua-received');

export interface OpcuaReceivedMessage {
  sourceId: number;
  /** The received events' own times (epoch milliseconds). */
  times: number[];
  receivedAt: number;
}

export const NO_SECRET_KEY = '服务器未配置 SOURCE_SECRET_KEY，无法解密已保存的密码';

export interface OpcuaCollectorOptions {
  database: Pick<OpenDatabase, 'db' | 'kind' | 'sessionLock'>;
  sources: SourcesRepository;
  opcua: OpcuaRepository;
  secrets?: SecretBox;
  timeZone: string;
  log: CollectorLog;
  /** How often the list of sources is looked at, to start, restart and stop workers. */
  syncMs: number;
  /** Opens a connection (node-opcua's client: OpcuaConnection.open). */
  connect: (endpoint: OpcuaEndpoint) => Promise<OpcuaConnection>;
}

/** This process among the API nodes: named in the health rows. */
export const NODE_NAME = `${os.hostname()}:${process.pid}`;

/** The endpoint of a stored source, its password opened. */
export function endpointOf(settings: StoredOpcuaSettings, secrets: SecretBox | undefined): OpcuaEndpoint {
  let password: string | undefined;
  if (settings.userName && settings.password) {
    if (!secrets) throw new Error(NO_SECRET_KEY);
    password = secrets.open(settings.password);
    if (password === undefined) throw new Error('已保存的密码无法解密（SOURCE_SECRET_KEY 已更换？）：请重新填写密码');
  }
  return {
    endpointUrl: settings.endpointUrl,
    securityMode: settings.securityMode,
    securityPolicy: settings.securityPolicy,
    userName: settings.userName,
    password,
    valueField: settings.mapping.valueField,
  };
}

/** Journal rows of the source from folded transitions: its unit and console, names within the journal's limits. */
function journalRows(row: SourceRow, transitions: ReturnType<typeof foldConditionEvents>): JournalRow[] {
  return transitions.map((transition, index) => ({
    ...transition,
    row: index + 1,
    tag: transition.tag.slice(0, MAX_NAME_LENGTH),
    condition: transition.condition.slice(0, MAX_NAME_LENGTH),
    ...(transition.description ? { description: transition.description.slice(0, MAX_DESCRIPTION_LENGTH) } : {}),
    ...(row.unit ? { unit: row.unit } : {}),
    ...(row.console ? { console: row.console } : {}),
  }));
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Condition events received together, live or from a refresh; `settle`: the end of a refresh, with the conditions
 * it reported (those recorded as active or unacknowledged that it did not report are written as returned).
 */
interface ReceivedPart {
  refresh: boolean;
  events: ConditionEvent[];
  settle?: ReadonlySet<string>;
}

/** Collects one OPC UA source while started. */
export class OpcuaSourceWorker {
  private state: SourceState = 'connecting';
  private lastError: string | null = null;
  private readonly abort = new AbortController();
  private running: Promise<void> | undefined;
  private states = new Map<string, ConditionRecord>();
  /** Received notices are processed one batch after another. */
  private chain: Promise<void> = Promise.resolve();
  /** Parts received while the previous ones are being written: written together next, however many. */
  private pending: ReceivedPart[] = [];
  private flushing: Promise<void> | undefined;
  private flushAgain = false;
  private flushTimer: NodeJS.Timeout | undefined;
  /** When the last flush that stored something began (performance.now()). */
  private flushedAt = Number.NEGATIVE_INFINITY;
  private buffered = 0;
  private failure: ((reason: string) => void) | undefined;
  private readonly touched = new Set<number>();
  private detectTimer: NodeJS.Timeout | undefined;
  private holdsLock = false;

  constructor(
    readonly row: SourceRow,
    private readonly options: OpcuaCollectorOptions,
  ) {}

  start(): void {
    this.running ??= this.loop();
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.running;
    if (this.flushTimer) clearTimeout(this.flushTimer);
    if (this.detectTimer) clearTimeout(this.detectTimer);
    await this.detect();
  }

  /** The state on this node: whether it collects, and how it went. */
  get local(): { state: SourceState; lastError: string | null; holdsLock: boolean } {
    return { state: this.state, lastError: this.lastError, holdsLock: this.holdsLock };
  }

  private async loop(): Promise<void> {
    let failures = 0;
    const { signal } = this.abort;
    while (!signal.aborted) {
      let lock: SessionLock | undefined;
      try {
        lock = await this.take();
      } catch (error) {
        this.options.log.error({ err: error, source: this.row.id }, 'OPC UA source lock failed');
      }
      if (!lock) {
        this.state = 'connecting';
        await sleep(LOCK_RETRY_MS, signal);
        continue;
      }
      this.holdsLock = true;
      const heartbeat = setInterval(() => void this.writeHealth(), HEARTBEAT_MS);
      try {
        await this.collect(lock);
        failures = 0;
      } catch (error) {
        const message = connectionProblem(error);
        if (failures === 0) this.options.log.error({ source: this.row.id, message }, 'OPC UA source failed');
        failures += 1;
        this.state = failures >= 2 ? 'error' : 'connecting';
        this.lastError = message;
        await this.writeHealth();
      } finally {
        clearInterval(heartbeat);
        this.holdsLock = false;
        await lock.release().catch(() => undefined);
      }
      if (!signal.aborted) {
        await sleep(BACKOFF_MS[Math.min(Math.max(failures - 1, 0), BACKOFF_MS.length - 1)], signal);
      }
    }
    await this.options.opcua.clearHealth(this.row.id, NODE_NAME).catch(() => undefined);
  }

  /** The source's lock: the database's session lock on PostgreSQL, none needed on the embedded database. */
  private async take(): Promise<SessionLock | undefined> {
    const { sessionLock } = this.options.database;
    if (!sessionLock) return { lost: new Promise(() => undefined), release: async () => undefined };
    return sessionLock(OPCUA_LOCK_CLASS, this.row.id);
  }

  /** One connection, from the leftover buffer to the connection's end; throws why it ended, unless stopped. */
  private async collect(lock: SessionLock): Promise<void> {
    const { signal } = this.abort;
    const settings = readOpcuaSettings(this.row.settings);
    const endpoint = endpointOf(settings, this.options.secrets);
    // What a previous run (or another node) received and did not store, first: the states below include it.
    this.buffered = await this.options.opcua.bufferedRows(this.row.id);
    await this.flush();
    this.states = await this.options.opcua.conditionStates(this.row.id);
    this.state = 'connecting';
    const connection = await this.options.connect(endpoint);
    const failed = new Promise<string>((resolve) => {
      this.failure = resolve;
    });
    try {
      // The conditions a refresh reported, from its start event to its end event.
      let reported: Set<string> | undefined;
      await connection.subscribe((notices) => {
        if (opcuaReceivedChannel.hasSubscribers) {
          const times = notices.flatMap((notice) => (notice.kind === 'event' ? [notice.event.time] : []));
          opcuaReceivedChannel.publish({ sourceId: this.row.id, times, receivedAt: Date.now() });
        }
        const parts: ReceivedPart[] = [];
        for (const notice of notices) {
          if (notice.kind === 'refreshStart') reported = new Set();
          else if (notice.kind === 'refreshEnd') {
            if (reported) parts.push({ refresh: true, events: [], settle: reported });
            reported = undefined;
          } else {
            reported?.add(notice.event.conditionId);
            const refresh = reported !== undefined;
            const last = parts.at(-1);
            if (last && last.refresh === refresh && !last.settle) last.events.push(notice.event);
            else parts.push({ refresh, events: [notice.event] });
          }
        }
        if (!parts.length) return;
        // Under load the buffer writes grow instead of queueing up: one write for all that arrived meanwhile.
        if (!this.pending.length) {
          this.chain = this.chain.then(() => {
            const taken = this.pending;
            this.pending = [];
            return this.receive(connection, taken);
          });
        }
        this.pending.push(...parts);
      });
      await connection.refresh();
      this.state = 'connected';
      this.lastError = null;
      await this.writeHealth();
      const aborted = new Promise<string>((resolve) => {
        if (signal.aborted) resolve('');
        else signal.addEventListener('abort', () => resolve(''));
      });
      const reason = await Promise.race([
        connection.lost,
        failed,
        aborted,
        lock.lost.then(() => '与数据库的连接中断，交由其他节点采集'),
      ]);
      if (reason) throw new Error(reason);
    } finally {
      this.failure = undefined;
      await connection.close();
      await this.chain;
      await this.flush();
    }
  }

  /** Folds received events into journal events and writes them, with the new states, to the buffer. */
  private async receive(connection: OpcuaConnection, parts: ReceivedPart[]): Promise<void> {
    if (!this.failure) return;
    const settings = readOpcuaSettings(this.row.settings);
    try {
      if (settings.mapping.conditionField === 'EventType') {
        for (const part of parts) {
          for (const event of part.events) event.eventType = await connection.eventTypeName(event.eventType);
        }
      }
      const changed = new Map<string, ConditionRecord>();
      const states = new Map(this.states);
      const rows = parts.map((part) => {
        const events = part.settle ? unreportedConditions(states, part.settle, Date.now()) : part.events;
        const transitions = foldConditionEvents(events, states, settings.mapping);
        for (const event of events) changed.set(event.conditionId, states.get(event.conditionId) as ConditionRecord);
        return {
          source: (part.refresh ? 'opcua-refresh' : 'opcua') as EventSource,
          rows: journalRows(this.row, transitions),
        };
      });
      const count = rows.reduce((sum, part) => sum + part.rows.length, 0);
      if (this.buffered + count > BUFFER_LIMIT) {
        this.failure?.(
          `缓冲区已满（${BUFFER_LIMIT.toLocaleString('en-US')} 条未入库），暂停采集，恢复后将按当前状态补录`,
        );
        return;
      }
      await this.options.opcua.buffer(this.row.id, rows, [...changed]);
      this.states = states;
      this.buffered += count;
      if (count) this.scheduleFlush();
    } catch (error) {
      // The states in memory stay as stored; the next connection reconciles by a refresh.
      this.failure?.(`无法写入采集缓冲：${(error as Error).message}`);
    }
  }

  /**
   * A flush once FLUSH_GAP_MS have passed since the last one began — at once if they have —, unless one is due:
   * events arriving meanwhile are stored together, as an ingest costs about as much for one row as for a hundred,
   * while events arriving after a quiet moment wait for nothing.
   */
  private scheduleFlush(): void {
    if (this.flushTimer) return;
    this.flushTimer = setTimeout(
      () => {
        this.flushTimer = undefined;
        void this.flush();
      },
      Math.max(0, this.flushedAt + FLUSH_GAP_MS - performance.now()),
    );
  }

  /** Stores the buffer through the journal ingest, one transaction at a time, until it is empty. */
  private flush(): Promise<void> {
    if (this.flushing) {
      this.flushAgain = true;
      return this.flushing;
    }
    this.flushing = (async () => {
      try {
        do {
          this.flushAgain = false;
          while ((await this.flushOnce()) > 0) {
            // until the buffer is empty
          }
        } while (this.flushAgain);
      } catch (error) {
        this.options.log.error({ err: error, source: this.row.id }, 'OPC UA buffer flush failed');
        this.failure?.(`采集数据入库失败：${(error as Error).message}`);
      } finally {
        this.flushing = undefined;
      }
    })();
    return this.flushing;
  }

  private async flushOnce(): Promise<number> {
    const { db } = this.options.database;
    const { opcua } = this.options;
    const began = performance.now();
    const result = await db.transaction(async (tx) => {
      const parts = await opcua.takeBuffered(tx, this.row.id, FLUSH_ROWS);
      if (!parts.length) return { parts: 0, rows: 0, pointIds: [] as number[], imported: 0, times: [] as number[] };
      const bySource = new Map<EventSource, JournalRow[]>();
      const times: number[] = [];
      for (const part of parts) bySource.set(part.source, [...(bySource.get(part.source) ?? []), ...part.rows]);
      const pointIds: number[] = [];
      let imported = 0;
      let rows = 0;
      for (const [source, sourceRows] of bySource) {
        rows += sourceRows.length;
        for (const row of sourceRows) times.push(row.time);
        const appendTo = await this.dayBatch(tx, source);
        const stored = await ingestJournal(
          tx,
          [{ rows: sourceRows, errors: [], errorCount: 0, rowsRead: sourceRows.length }],
          {
            source,
            label: `数据采集「${this.row.name}」：${source === 'opcua' ? 'OPC UA' : 'OPC UA 断线补录'}`,
            parameters: { sourceId: this.row.id },
            createdBy: COLLECTOR_USER,
            timeZone: this.options.timeZone,
            appendTo,
            detect: false,
          },
        );
        if (stored.errorCount) {
          this.lastError = `有 ${stored.errorCount} 条事件无法入库：${stored.errors[0]?.message ?? ''}`;
        }
        imported += stored.imported;
        pointIds.push(...stored.pointIds);
      }
      await opcua.dropBuffered(
        tx,
        parts.map((part) => part.id),
      );
      return { parts: parts.length, rows, pointIds, imported, times };
    });
    // A look that found the buffer empty stored nothing: it does not hold the next events back.
    if (result.parts) this.flushedAt = began;
    if (result.times.length && opcuaStoredChannel.hasSubscribers) {
      opcuaStoredChannel.publish({ sourceId: this.row.id, times: result.times, storedAt: Date.now() });
    }
    this.buffered = Math.max(0, this.buffered - result.rows);
    for (const id of result.pointIds) this.touched.add(id);
    if (this.touched.size && !this.detectTimer) {
      this.detectTimer = setTimeout(() => {
        this.detectTimer = undefined;
        void this.detect();
      }, DETECT_MS);
    }
    return result.parts;
  }

  /** Today's batch of this source and event source (on the plant clock), appended to; none yet: a new one. */
  private async dayBatch(tx: Executor, source: EventSource): Promise<number | undefined> {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`select id from journal_batches
          where source = ${source} and parameters->>'sourceId' = ${String(this.row.id)}
            and created_at >= (date_trunc('day', now() at time zone ${this.options.timeZone}) at time zone ${this.options.timeZone})
          order by id desc limit 1`,
    );
    return row?.id;
  }

  /** Abnormal-alarm detection for the points collected since the last run. */
  private async detect(): Promise<void> {
    if (!this.touched.size) return;
    const ids = [...this.touched];
    this.touched.clear();
    const { db } = this.options.database;
    try {
      await db.transaction((tx) => createDetectionRepository(tx).detect(this.options.timeZone, ids, tx));
      await vacuumJournal(db);
    } catch (error) {
      this.options.log.error({ err: error, source: this.row.id }, 'OPC UA detection failed');
      for (const id of ids) this.touched.add(id);
    }
  }

  private async writeHealth(): Promise<void> {
    if (!this.holdsLock) return;
    try {
      await this.options.opcua.writeHealth(this.row.id, NODE_NAME, this.state, this.lastError);
    } catch (error) {
      this.options.log.error({ err: error, source: this.row.id }, 'OPC UA health write failed');
    }
  }
}

/** The workers of every enabled OPC UA source, kept in step with the sources' list. */
export class OpcuaCollector {
  private readonly workers = new Map<number, OpcuaSourceWorker>();
  private readonly syncing: Repeating;

  constructor(private readonly options: OpcuaCollectorOptions) {
    this.syncing = new Repeating(
      () => this.sync(),
      options.syncMs,
      (error) => options.log.error({ err: error }, 'OPC UA sync failed'),
    );
  }

  start(): void {
    this.syncing.start();
  }

  async stop(): Promise<void> {
    await this.syncing.stop();
    await Promise.all([...this.workers.values()].map((worker) => worker.stop()));
    this.workers.clear();
  }

  /** The worker of a source on this node, if it runs one. */
  worker(id: number): OpcuaSourceWorker | undefined {
    return this.workers.get(id);
  }

  /** Starts workers for new or changed sources and stops those of sources gone, disabled or changed. */
  async sync(): Promise<void> {
    const rows = (await this.options.sources.list()).filter((row) => row.kind === 'opcua' && row.enabled);
    const wanted = new Map(rows.map((row) => [row.id, row]));
    for (const [id, worker] of this.workers) {
      const row = wanted.get(id);
      if (!row || row.updatedAt.getTime() !== worker.row.updatedAt.getTime()) {
        this.workers.delete(id);
        await worker.stop();
      }
    }
    if (!this.syncing.active) return;
    for (const row of rows) {
      if (this.workers.has(row.id)) continue;
      const worker = new OpcuaSourceWorker(row, this.options);
      this.workers.set(row.id, worker);
      worker.start();
    }
  }

  /** The status every node answers alike: the collecting node's health row while its heartbeat is fresh. */
  status(
    row: SourceRow,
    counts: Pick<SourceStatus, 'eventsToday' | 'lastEventAt'>,
    health: HealthRow | undefined,
    now = Date.now(),
  ): SourceStatus {
    if (!row.enabled) return { state: 'disabled', lastError: null, ...counts };
    if (health && now - health.heartbeatAt < HEALTH_STALE_MS) {
      return { state: health.state, lastError: health.lastError, ...counts };
    }
    return { state: 'connecting', lastError: null, ...counts };
  }
}
