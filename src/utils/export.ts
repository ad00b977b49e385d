import { request } from '@umijs/max';
import dayjs from 'dayjs';

/** The download name of an export: the current timestamp and `.xlsx` (docs/original-console.md §7, §9). */
export function exportFileName(now: Date = new Date()): string {
  return `${dayjs(now).format('YYYYMMDDHHmmss')}.xlsx`;
}

/** docs/original-console.md §7 spreadsheet export: GET `/api{path}` with the params, saved as a timestamped `.xlsx`. */
export async function exportExcel(path: string, params?: Record<string, unknown>): Promise<true> {
  const blob = await request<Blob>(path, { method: 'GET', params, responseType: 'blob' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName();
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
  return true;
}
