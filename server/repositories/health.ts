/** The database's health as `/api/health` reports it. */
import { sql } from 'drizzle-orm';
import type { Database } from '../db';

/**
 * A database that answered this recently and is only slow now is busy, not down: the embedded database
 * runs one query at a time, so a probe waits behind a running KPI query or import. Health then answers
 * from that success after BUSY_MS instead of waiting in the queue (a load balancer would time out).
 */
const RECENT_MS = 10_000;
const BUSY_MS = 20;

export function createHealthRepository(db: Database) {
  let lastSuccess = Number.NEGATIVE_INFINITY;
  /** One probe at a time, shared by concurrent health checks. */
  let probing: Promise<boolean> | undefined;

  const probe = () => {
    probing ??= db
      .execute(sql`select 1`)
      .then(
        () => {
          lastSuccess = Date.now();
          return true;
        },
        () => false,
      )
      .finally(() => {
        probing = undefined;
      });
    return probing;
  };

  return {
    /**
     * Whether the database answers: a failed probe says no at once; a probe still running after BUSY_MS
     * says yes if the database answered within RECENT_MS, else it is waited for up to `timeoutMs` (a
     * black-holed network never errs).
     */
    async answers(timeoutMs: number): Promise<boolean> {
      const answer = probe();
      const recent = Date.now() - lastSuccess < RECENT_MS;
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), recent ? BUSY_MS : timeoutMs);
      });
      try {
        return (await Promise.race([answer, waited])) ?? recent;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
