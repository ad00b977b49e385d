/**
 * Calls of 模拟 (contract/journal.ts): journal import with its progress, the simulator, and the simulated
 * batches listed and deleted.
 */
import type { PageRequest } from '@contract/http';
import type { SimulationBody } from '@contract/journal';
import { call, upload } from './http';

/** A job id the server keys progress by, so the page can poll while the upload is still open. */
export function newJobId(): string {
  return `job-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** Uploads a journal file; a file with bad rows rejects with the error report as `data` (code 1). */
export const importJournal = (file: File, job: string, onProgress: (percent: number) => void) =>
  upload('POST /alarm/mock/import', file, { query: { job }, onProgress });

export const fetchProgress = (job: string) =>
  call('GET /alarm/mock/import/:job', { params: { job } }, { skipErrorHandler: true });

export const simulate = (body: SimulationBody, job: string) =>
  call('POST /alarm/mock/simulate', { query: { job }, body }, { timeout: 0 });

/** The table lists simulated batches only: so does its export. */
export const SIMULATED = { source: 'simulation' } as const;

export const fetchBatches = (page: PageRequest) =>
  call('GET /alarm/mock/batches', { query: { ...page, ...SIMULATED } });

export const deleteBatch = async (id: number) =>
  (await call('DELETE /alarm/mock/batches/:id', { params: { id } })).deleted;
