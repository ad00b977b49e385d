// The turns of one embedded transaction that shares its reads (server/db/pglite-worker.mjs): its own
// statements, and plain reads of other requests let in between them. Plain JavaScript, as the worker is.

/**
 * How reads and the transaction's statements share the database (docs/architecture.md, "Reads during an import").
 * - `readShare`: reads go first while the time they have had is within this share of the time both have had;
 *   beyond it the transaction's statements go first, so a large import ends in bounded time however many
 *   readers ask meanwhile.
 * - `maxWaitMs`: a read that has waited this long goes next whatever its share: a read is never starved. The wait
 *   counts from when the read's request began, so a request of several statements waits this long in all, not
 *   this long for each of them.
 * - `graceMs`: an import sends its next statement only once the last one has answered, so for this long after
 *   one of its statements, reads over their share wait for the next. Beyond it the database is not left idle.
 */
export class SharedTurns {
  /**
   * @param {{ readShare: number, maxWaitMs: number, graceMs: number }} rules
   * @param {{ now?: () => number, later?: (run: () => void, ms: number) => void }} clock milliseconds, a timer
   */
  constructor(rules, { now = () => performance.now(), later = setTimeout } = {}) {
    this.rules = rules;
    this.now = now;
    this.later = later;
    this.queues = { own: [], read: [] };
    this.spent = { own: 0, read: 0 };
    this.running = false;
    this.ownEnded = Number.NEGATIVE_INFINITY;
    this.holding = false;
  }

  /** Runs `work`, a statement of the transaction, after those queued before it. */
  own(work) {
    return this.enqueue('own', work);
  }

  /**
   * Runs `work`, a read let in, when its turn comes; `since`, on this clock, is when its request began (now when
   * absent). Reads go in the order their requests began.
   */
  read(work, since) {
    return this.enqueue('read', work, since);
  }

  /** Milliseconds spent so far on the transaction's statements and on reads. */
  get time() {
    return { ...this.spent };
  }

  enqueue(kind, work, since) {
    return new Promise((resolve, reject) => {
      const queue = this.queues[kind];
      const queued = Math.min(this.now(), since ?? Number.POSITIVE_INFINITY);
      let at = queue.length;
      while (at > 0 && queue[at - 1].queued > queued) at--;
      queue.splice(at, 0, { work, resolve, reject, queued });
      this.next();
    });
  }

  /**
   * Whose turn it is, or, when reads over their share may only wait for the transaction's next statement, how
   * long they may wait (`{ holdMs }`).
   */
  pick() {
    const { own, read } = this.queues;
    if (!read.length) return own.length ? 'own' : undefined;
    const { readShare, maxWaitMs, graceMs } = this.rules;
    const now = this.now();
    const waited = now - read[0].queued;
    if (waited >= maxWaitMs || this.spent.read <= readShare * (this.spent.own + this.spent.read)) return 'read';
    if (own.length) return 'own';
    const holdMs = Math.min(this.ownEnded + graceMs, read[0].queued + maxWaitMs) - now;
    return holdMs > 0 ? { holdMs } : 'read';
  }

  async next() {
    // A statement of the transaction ends a hold at once.
    if (this.running || (this.holding && !this.queues.own.length)) return;
    const turn = this.pick();
    if (!turn) return;
    if (typeof turn === 'object') {
      this.holding = true;
      this.later(() => {
        this.holding = false;
        this.next();
      }, turn.holdMs);
      return;
    }
    const { work, resolve, reject } = this.queues[turn].shift();
    this.running = true;
    const started = this.now();
    try {
      resolve(await work());
    } catch (error) {
      reject(error);
    } finally {
      const ended = this.now();
      this.spent[turn] += ended - started;
      if (turn === 'own') this.ownEnded = ended;
      this.running = false;
      this.next();
    }
  }
}
