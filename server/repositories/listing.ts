/** Helpers every list repository uses: paging, text filters, keyset batches for exports, conflicts. */
import type { PageRequest } from '../../contract/http';

/** SQL `limit`/`offset` of a page. */
export function pageWindow({ current, pageSize }: PageRequest): { limit: number; offset: number } {
  return { limit: pageSize, offset: (current - 1) * pageSize };
}

/** A text filter as an `ilike` pattern with its wildcards escaped; undefined when blank. */
export function containsPattern(text: string | undefined): string | undefined {
  const trimmed = text?.trim();
  return trimmed ? `%${trimmed.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
}

export const EXPORT_BATCH_SIZE = 1000;

/**
 * Keyset batches for exports: each query starts after the last row of the previous one, so the cost per
 * batch stays flat however deep the export goes (an OFFSET would rescan everything before it). The next
 * batch is read while the current one is written out: the database (its own thread, or server) and the
 * file writer work side by side.
 */
export async function* inBatches<T>(
  fetchAfter: (last: T | undefined, limit: number) => Promise<T[]>,
  size = EXPORT_BATCH_SIZE,
): AsyncGenerator<T> {
  let next: Promise<T[]> | undefined = fetchAfter(undefined, size);
  try {
    while (next) {
      const batch: T[] = await next;
      next = batch.length < size ? undefined : fetchAfter(batch[batch.length - 1], size);
      yield* batch;
    }
  } finally {
    // Stopped early (the download was cancelled): the batch read ahead is dropped, its failure included.
    next?.catch(() => undefined);
  }
}

/** A unique-constraint violation from PostgreSQL or PGlite, whether or not drizzle wrapped it. */
export function isUniqueViolation(error: unknown): boolean {
  const codeOf = (value: unknown) => (value as { code?: unknown } | null)?.code;
  return codeOf(error) === '23505' || codeOf((error as { cause?: unknown } | null)?.cause) === '23505';
}
