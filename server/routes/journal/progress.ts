/**
 * Progress of running imports and simulations, kept in memory by a job id the client chooses, so the page can
 * poll while its upload request is still open. Entries are forgotten a while after they finish.
 */
import type { JobProgress as Reported } from '../../../contract/journal';

/** A running job's progress: what the page polls for, less `unknown` (a job forgotten or never started). */
type JobProgress = Reported & { stage: Exclude<Reported['stage'], 'unknown'> };

const KEEP_FINISHED_MS = 10 * 60_000;

export class JobProgressRegistry {
  private readonly jobs = new Map<string, JobProgress>();

  start(id: string | undefined): JobProgress {
    const progress: JobProgress = { stage: 'reading', rowsRead: 0, bytesRead: 0 };
    if (id) this.jobs.set(id, progress);
    return progress;
  }

  get(id: string): JobProgress | undefined {
    return this.jobs.get(id);
  }

  finish(id: string | undefined, progress: JobProgress, stage: 'done' | 'failed'): void {
    progress.stage = stage;
    if (!id) return;
    setTimeout(() => {
      if (this.jobs.get(id) === progress) this.jobs.delete(id);
    }, KEEP_FINISHED_MS).unref();
  }
}
