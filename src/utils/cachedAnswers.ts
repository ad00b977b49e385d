/**
 * The answers on screen that the service worker gave from its offline copy instead of the network, by address,
 * with when each was fetched (the worker's `x-fetched-at`): what the offline banner dates its content by.
 */
const kept = new Map<string, string>();
const listeners = new Set<() => void>();
let oldest: string | undefined;

/** Notes an answer: kept (with the time it was fetched) or fresh from the network (`undefined`). */
export function noteAnswer(address: string, fetchedAt: string | undefined): void {
  if (kept.get(address) === fetchedAt) return;
  if (fetchedAt) kept.set(address, fetchedAt);
  else kept.delete(address);
  // ISO times sort as text.
  oldest = [...kept.values()].sort()[0];
  for (const listener of listeners) listener();
}

export function subscribeCachedAnswers(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** When the oldest kept answer on screen was fetched, or `undefined` when every answer is fresh. */
export const oldestCachedAnswer = (): string | undefined => oldest;
