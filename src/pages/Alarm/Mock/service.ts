import { request } from '@umijs/max';
import type { Envelope, Page, PageQuery } from '@/services/api';

export const SCENARIO_OPTIONS = [
  { value: 'steady', label: '平稳运行' },
  { value: 'upset', label: '工况波动（含报警泛滥）' },
  { value: 'chattering', label: '颤振报警' },
  { value: 'standing', label: '长时报警' },
  { value: 'mixed', label: '综合' },
] as const;

export type Scenario = (typeof SCENARIO_OPTIONS)[number]['value'];

export interface ImportError {
  row: number;
  column: string;
  message: string;
}

export interface ImportResult {
  imported: number;
  duplicates: number;
  errors: ImportError[];
}

export interface JobProgress {
  stage: 'reading' | 'storing' | 'done' | 'failed' | 'unknown';
  rowsRead: number;
  bytesRead: number;
}

export interface SimulationBody {
  scenario: Scenario;
  unit: string;
  console: string;
  from: string;
  to: string;
  ratePerHour: number;
  seed: number;
}

export interface JournalBatch {
  id: number;
  source: string;
  label: string;
  parameters: Partial<SimulationBody> | null;
  eventCount: number;
  duplicates: number;
  firstTime: string | null;
  lastTime: string | null;
  createdBy: string;
  createdAt: string;
}

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
  const body = await request<Envelope<ImportResult>>('/alarm/mock/import', {
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

export async function fetchProgress(job: string): Promise<JobProgress> {
  return (await request<Envelope<JobProgress>>(`/alarm/mock/import/${job}`, { method: 'GET', skipErrorHandler: true }))
    .data;
}

export async function simulate(data: SimulationBody, job: string): Promise<{ imported: number; batchId: number }> {
  return (
    await request<Envelope<{ imported: number; batchId: number }>>('/alarm/mock/simulate', {
      method: 'POST',
      params: { job },
      data,
      timeout: 0,
    })
  ).data;
}

export async function fetchBatches(query: PageQuery): Promise<Page<JournalBatch>> {
  return (
    await request<Envelope<Page<JournalBatch>>>('/alarm/mock/batches', {
      method: 'GET',
      params: { ...query, source: 'simulation' },
    })
  ).data;
}

export async function deleteBatch(id: number): Promise<number> {
  return (await request<Envelope<{ deleted: number }>>(`/alarm/mock/batches/${id}`, { method: 'DELETE' })).data.deleted;
}
