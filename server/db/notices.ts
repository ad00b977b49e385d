/**
 * Change notices between the API nodes of one PostgreSQL server (PostgreSQL `LISTEN`/`NOTIFY`): a node that
 * changed what other nodes keep in memory (signed-in holders: tokens, users, roles) says so on one channel, and
 * every node, itself included, forgets what it kept. On the embedded database there is a single node: a notice
 * reaches this process's listeners only.
 *
 * A dropped listening connection is opened again every second; once it is back every listener is called, since
 * notices sent meanwhile were missed. Until then the caches' own time-to-live bounds how stale a node can be.
 */
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';

/** What a notice is sent on: the database or a transaction (server/db's Executor). */
interface Sender {
  execute(query: SQL): PromiseLike<unknown>;
}

export const CHANGE_CHANNEL = 'alarm_console_changes';

/** What a notice says changed. */
export const CHANGE_TOPICS = ['sign-ins'] as const;
export type ChangeTopic = (typeof CHANGE_TOPICS)[number];

const RECONNECT_MS = 1_000;

export interface ChangeNotices {
  /** Tells every node; on a transaction, once it commits (a notice is part of it). */
  publish(topic: ChangeTopic, executor: Sender): Promise<void>;
  on(topic: ChangeTopic, listener: () => void): void;
  close(): Promise<void>;
}

class Listeners {
  private readonly byTopic = new Map<ChangeTopic, Set<() => void>>();

  on(topic: ChangeTopic, listener: () => void): void {
    const set = this.byTopic.get(topic) ?? new Set();
    set.add(listener);
    this.byTopic.set(topic, set);
  }

  tell(topic: string): void {
    for (const listener of this.byTopic.get(topic as ChangeTopic) ?? []) listener();
  }

  tellAll(): void {
    for (const topic of CHANGE_TOPICS) this.tell(topic);
  }
}

/** The one node of an embedded database. */
export function localNotices(): ChangeNotices {
  const listeners = new Listeners();
  return {
    publish: async (topic) => listeners.tell(topic),
    on: (topic, listener) => listeners.on(topic, listener),
    close: async () => undefined,
  };
}

/** Notices over `databaseUrl`: resolves once this node listens. */
export async function postgresNotices(
  databaseUrl: string,
  warn: (message: string) => void = console.warn,
): Promise<ChangeNotices> {
  const listeners = new Listeners();
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('notification', ({ channel, payload }) => {
      if (channel === CHANGE_CHANNEL && payload) listeners.tell(payload);
    });
    next.on('error', (error) => {
      warn(`PostgreSQL closed the change-notice connection: ${error.message}`);
      lost(next);
    });
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`listen ${CHANGE_CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    client = next;
  };

  const lost = (which: pg.Client) => {
    if (closed || client !== which) return;
    client = undefined;
    which.end().catch(() => undefined);
    schedule();
  };

  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(
        () => listeners.tellAll(),
        () => schedule(),
      );
    }, RECONNECT_MS);
  };

  await connect();
  return {
    async publish(topic, executor) {
      await executor.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${topic})`);
    },
    on: (topic, listener) => listeners.on(topic, listener),
    async close() {
      closed = true;
      clearTimeout(retry);
      const last = client;
      client = undefined;
      await last?.end();
    },
  };
}
