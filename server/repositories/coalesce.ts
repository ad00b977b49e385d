/**
 * Identical reads in flight share one query: a board that many operators open or poll at the same
 * moment costs the database one run, not one per screen. A call arriving after the run settles starts
 * a new one, so nothing is served older than a query already under way.
 */
export function coalescing<T>(): (key: string, run: () => Promise<T>) => Promise<T> {
  const inFlight = new Map<string, Promise<T>>();
  return (key, run) => {
    const pending = inFlight.get(key);
    if (pending) return pending;
    const started = run().finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  };
}
