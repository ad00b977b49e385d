import type { Priority } from '../../../contract/vocabulary';
import { EVENT_TYPES, type EventType } from './types';

const PRIORITY_BY_TEXT: ReadonlyMap<string, Priority> = new Map<string, Priority>([
  ['urgent', 'urgent'],
  ['high', 'high'],
  ['medium', 'medium'],
  ['low', 'low'],
  ['紧急', 'urgent'],
  ['高', 'high'],
  ['中', 'medium'],
  ['低', 'low'],
]);

/** Priority as written in a journal file: urgent/high/medium/low (any case) or 紧急/高/中/低; else undefined. */
export function parsePriority(text: string): Priority | undefined {
  return PRIORITY_BY_TEXT.get(text.trim().toLowerCase());
}

const EVENT_TYPE_SET: ReadonlySet<string> = new Set(EVENT_TYPES);

/** Event type as written in a journal file, case-insensitive; else undefined. */
export function parseEventType(text: string): EventType | undefined {
  const upper = text.trim().toUpperCase();
  return EVENT_TYPE_SET.has(upper) ? (upper as EventType) : undefined;
}
