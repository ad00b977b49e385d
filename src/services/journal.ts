/**
 * Calls of 模拟 (contract/journal.ts): journal import with its progress, the simulator, and the simulated
 * batches listed and deleted.
 */
import type { Envelope, PageRequest } from '@contract/http';
import type { ImportResult, SimulationBody } from '@contract/journal';
import { request } from '@umijs/max';
import { call, pathOf } from './http';

/** A job id the server keys progress by, so the page can poll while the upload is still open. */
export function newJobId(): string {
  return `job-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** Uploads a journal file; a file with bad rows rejects with the error report as `data` (code 1). */
export async function importJournal(
  file: File,
  job: string,
  onUpload: (percent: number) => void,
): Promise<ImportResult> {
  const form = new FormData();
  form.append('file', file);
  // Multipart: the body is the file, which the contract does not type.
  const body = await request<Envelope<ImportResult>>(pathOf('POST /alarm/mock/import'), {
    method: 'POST',
    params: { job },
    data: form,
    // The browser sets multipart/form-data with its boundary.
    headers: { 'Content-Type': undefined as unknown as string },
    timeout: 0,
    skipErrorHandler: true,
    onUploadProgress: (event: { loaded: number; total?: number }) => {
      if (event.total) onUpload(Math.round((event.loaded / event.total) * 100));
    },
  });
  return body.data;
}

export const fetchProgress = (job: string) =>
  call('GET /alarm/mock/import/:job', { params: { job } }, { skipErrorHandler: true });

export const simulate = (body: SimulationBody, job: string) =>
  call('POST /alarm/mock/simulate', { query: { job }, body }, { timeout: 0 });

/** The table lists simulated batches only: so does its export. */
export const SIMULATED = { source: 'simulation' } as const;

export const fetchBatches = (page: PageRequest) =>
  call('GET /alarm/mock/batches', { query: { ...page, ...SIMULATED } });

export const BATCHES_EXPORT_PATH = pathOf('GET /alarm/mock/batches/export');

export const deleteBatch = async (id: number) =>
  (await call('DELETE /alarm/mock/batches/:id', { params: { id } })).deleted;
