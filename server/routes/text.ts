/** Checks that several routes share, with the Chinese messages people see. */
import { refused } from '../errors';

/** The text trimmed; refused with "<label>不能为空" when nothing is left. */
export function requiredText(value: string, label: string): string {
  const trimmed = value.trim();
  if (!trimmed) throw refused(400, `${label}不能为空`);
  return trimmed;
}
