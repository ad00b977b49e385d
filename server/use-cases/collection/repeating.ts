/** Work run at once, then again `everyMs` after each run ended, until stopped; a failed run is reported, not fatal. */
export class Repeating {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;

  constructor(
    private readonly work: () => Promise<void>,
    private readonly everyMs: number,
    private readonly failed: (error: unknown) => void,
  ) {}

  get active(): boolean {
    return !this.stopped;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops repeating and waits for a run under way to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.work()
        .catch(this.failed)
        .finally(() => {
          this.running = undefined;
          this.schedule(this.everyMs);
        });
    }, delay);
  }
}
