/** The database's health as `/api/health` reports it. */
import { sql } from 'drizzle-orm';
import type { Database } from '../db';

export function createHealthRepository(db: Database) {
  return {
    /** Whether the database answers a trivial query within `timeoutMs` (a black-holed network never errs). */
    async answers(timeoutMs: number): Promise<boolean> {
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      const probe = db.execute(sql`select 1`).then(
        () => true,
        () => false,
      );
      try {
        return await Promise.race([probe, timedOut]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
