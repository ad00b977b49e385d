import dayjs from 'dayjs';

/** The download name of an export: the current timestamp and `.xlsx` (docs/original-console.md §7, §9). */
export function exportFileName(now: Date = new Date()): string {
  return `${dayjs(now).format('YYYYMMDDHHmmss')}.xlsx`;
}

/** docs/original-console.md §7 spreadsheet export: an export's workbook saved as a timestamped `.xlsx`. */
export function saveWorkbook(workbook: Blob): void {
  const url = URL.createObjectURL(workbook);
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName();
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
