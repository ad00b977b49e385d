/**
 * Where an ingest's time goes, by phase, published on a diagnostics channel once the ingest is done (the bench
 * prints it; nothing subscribes in production, where publishing costs nothing):
 * - parse: waiting for the parser's next batch (reading runs ahead while the database stores the one before);
 * - replay: the per-point replay of the rows (annunciations, episodes, states), and of the points whose events
 *   came out of order;
 * - store: waiting for the database to take the events and episodes, and creating points and names;
 * - rollups: rebuilding the 10-minute and daily rollups over the range touched;
 * - analyze: refreshing the planner statistics of the tables written;
 * - detection: abnormal-alarm detection for the points touched;
 * - commit: the end of the transaction and the embedded database's vacuum.
 */
import { channel } from 'node:diagnostics_channel';

export const INGEST_PHASES = ['parse', 'replay', 'store', 'rollups', 'analyze', 'detection', 'commit'] as const;
export type IngestPhase = (typeof INGEST_PHASES)[number];
export type IngestPhases = Record<IngestPhase, number>;

export interface IngestPhasesMessage {
  rows: number;
  /** Milliseconds per phase. */
  phases: IngestPhases;
}

export const ingestPhasesChannel = channel('alarm-console:ingest-phases');

/** Milliseconds spent per phase, added up over the stretches timed. */
export class PhaseClock {
  readonly spent: IngestPhases = { parse: 0, replay: 0, store: 0, rollups: 0, analyze: 0, detection: 0, commit: 0 };

  add(phase: IngestPhase, since: number): number {
    const now = performance.now();
    this.spent[phase] += now - since;
    return now;
  }

  async time<T>(phase: IngestPhase, run: () => Promise<T>): Promise<T> {
    const since = performance.now();
    try {
      return await run();
    } finally {
      this.add(phase, since);
    }
  }

  publish(rows: number): void {
    if (ingestPhasesChannel.hasSubscribers) {
      ingestPhasesChannel.publish({ rows, phases: { ...this.spent } } satisfies IngestPhasesMessage);
    }
  }
}
