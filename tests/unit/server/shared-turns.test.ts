import { SharedTurns } from '../../../server/db/shared-turns.mjs';

/**
 * A clock the work moves on (each piece takes the milliseconds it is given) and a timer the test fires by hand,
 * so the order of turns is decided by the rule alone.
 */
function clocked() {
  let now = 0;
  const timers: (() => void)[] = [];
  return {
    now: () => now,
    later: (run: () => void) => {
      timers.push(run);
    },
    took: (ms: number, label: string, order: string[]) => async (): Promise<string> => {
      order.push(label);
      now += ms;
      return label;
    },
    pass(ms: number) {
      now += ms;
    },
    fire() {
      for (const run of timers.splice(0)) run();
    },
    get pending() {
      return timers.length;
    },
  };
}

const RULES = { readShare: 0.3, maxWaitMs: 400, graceMs: 25 };

/** Lets every settled piece of work and the turns after it run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the turns of a transaction that shares its reads', () => {
  it('keeps reads within their share while the transaction has statements waiting', async () => {
    const clock = clocked();
    const turns = new SharedTurns(RULES, clock);
    const order: string[] = [];
    const statements = Array.from({ length: 20 }, (_, i) => turns.own(clock.took(10, `s${i}`, order)));
    const reads = Array.from({ length: 20 }, (_, i) => turns.read(clock.took(10, `r${i}`, order)));
    await Promise.all(statements);
    // The transaction sends nothing more: once the grace has passed, the remaining reads run.
    clock.pass(25);
    clock.fire();
    await Promise.all(reads);
    // Reads took at most 30 % of the time spent until the last statement (each piece takes 10 ms).
    const lastStatement = order.lastIndexOf('s19');
    const readsBefore = order.slice(0, lastStatement + 1).filter((label) => label.startsWith('r')).length;
    expect(readsBefore).toBeGreaterThan(0);
    expect(readsBefore / (lastStatement + 1)).toBeLessThanOrEqual(0.35);
    // Each kind keeps its own order.
    expect(order.filter((label) => label.startsWith('s'))).toEqual(Array.from({ length: 20 }, (_, i) => `s${i}`));
    expect(order.filter((label) => label.startsWith('r'))).toEqual(Array.from({ length: 20 }, (_, i) => `r${i}`));
    expect(turns.time).toEqual({ own: 200, read: 200 });
    expect(clock.pending).toBe(0);
  });

  it('holds reads over their share for the next statement, which ends the hold at once', async () => {
    const clock = clocked();
    const turns = new SharedTurns(RULES, clock);
    const order: string[] = [];
    await turns.own(clock.took(10, 's0', order));
    // Within its share (0 of 10 ms), a read runs; the next one is over it (50 of 60 ms) and waits.
    await turns.read(clock.took(50, 'r0', order));
    await turns.own(clock.took(10, 's1', order));
    const held = turns.read(clock.took(10, 'r1', order));
    await settle();
    expect(order).toEqual(['s0', 'r0', 's1']);
    expect(clock.pending).toBe(1);
    // The import's next statement arrives within the grace: it goes first.
    await turns.own(clock.took(10, 's2', order));
    expect(order).toEqual(['s0', 'r0', 's1', 's2']);
    // No further statement within the grace: the read runs rather than leave the database idle.
    clock.pass(25);
    clock.fire();
    await held;
    expect(order).toEqual(['s0', 'r0', 's1', 's2', 'r1']);
  });

  /** Turns where the reads are over their share (300 of 310 ms), and ten statements of 100 ms to queue. */
  async function readsOverShare() {
    const clock = clocked();
    const turns = new SharedTurns(RULES, clock);
    const order: string[] = [];
    await turns.own(clock.took(10, 's0', order));
    await turns.read(clock.took(300, 'r0', order));
    const queueStatements = () => Array.from({ length: 10 }, (_, i) => turns.own(clock.took(100, `s${i + 1}`, order)));
    return { clock, turns, order, queueStatements };
  }

  it('lets a read that has waited its longest go next, whatever the reads have had', async () => {
    const { clock, turns, order, queueStatements } = await readsOverShare();
    const statements = queueStatements();
    // Over their share, the next read waits behind statements, one after another, until it has waited 400 ms
    // (queued as s1 ends on this clock, it waits for s2 to s5).
    const read = turns.read(clock.took(10, 'r1', order));
    await read;
    expect(order.slice(0, 8)).toEqual(['s0', 'r0', 's1', 's2', 's3', 's4', 's5', 'r1']);
    await Promise.all(statements);
  });

  it("counts a read's wait from its request's start, so a request waits its longest once, not per statement", async () => {
    const { clock, turns, order, queueStatements } = await readsOverShare();
    const statements = queueStatements();
    // A request that began 350 ms ago (its earlier statements waited) sends its next read: it waits 50 ms more, for
    // the statement under way, not another 400 ms.
    const read = turns.read(clock.took(10, 'second read of an older request', order), clock.now() - 350);
    await read;
    expect(order.slice(0, 5)).toEqual(['s0', 'r0', 's1', 's2', 'second read of an older request']);
    await Promise.all(statements);
  });

  it('lets reads in the order their requests began', async () => {
    const clock = clocked();
    // Reads never over their share here: only their order is in question.
    const turns = new SharedTurns({ ...RULES, readShare: 1 }, clock);
    const order: string[] = [];
    const running = turns.own(clock.took(10, 's0', order));
    const reads = [
      turns.read(clock.took(10, 'new request', order)),
      turns.read(clock.took(10, 'older request', order), clock.now() - 200),
      turns.read(clock.took(10, 'oldest request', order), clock.now() - 300),
    ];
    await running;
    await Promise.all(reads);
    expect(order).toEqual(['s0', 'oldest request', 'older request', 'new request']);
  });

  it('lets reads in at once while the transaction has sent nothing for longer than the grace', async () => {
    const clock = clocked();
    const turns = new SharedTurns(RULES, clock);
    const order: string[] = [];
    await turns.own(clock.took(10, 's0', order));
    clock.pass(30);
    await turns.read(clock.took(100, 'r0', order));
    expect(await turns.read(clock.took(100, 'r1', order))).toBe('r1');
    expect(clock.pending).toBe(0);
    expect(turns.time).toEqual({ own: 10, read: 200 });
  });

  it('runs one piece at a time and goes on after a failure', async () => {
    const turns = new SharedTurns({ ...RULES, readShare: 0.5 });
    let running = 0;
    let most = 0;
    const piece = (fail: boolean) => async () => {
      running += 1;
      most = Math.max(most, running);
      await settle();
      running -= 1;
      if (fail) throw new Error('读取失败');
      return 'ok';
    };
    const results = await Promise.allSettled([
      turns.own(piece(false)),
      turns.read(piece(true)),
      turns.own(piece(false)),
      turns.read(piece(false)),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(most).toBe(1);
  });
});
