/**
 * Rows in PostgreSQL's COPY text format (tab-separated, `\N` for NULL, backslash escapes), the input of a
 * bulk `COPY … FROM` that loads a journal batch in one statement instead of millions of bound parameters.
 */

export type CopyValue = string | number | boolean | null | undefined;

const SPECIAL = /[\\\t\n\r]/;
const ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** One field: NULL for null/undefined, t/f for booleans, text with tab, newline, CR and backslash escaped. */
export function copyField(value: CopyValue): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
  return SPECIAL.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]) : value;
}

/** One line (with its newline) of the given fields. */
export function copyLine(fields: readonly CopyValue[]): string {
  let line = copyField(fields[0]);
  for (let i = 1; i < fields.length; i++) line += `\t${copyField(fields[i])}`;
  return `${line}\n`;
}
