/**
 * The parent's handle on a bench part's server process (scripts/bench/server-process.ts): bundled as
 * `npm run build` bundles the server, started on plain Node, driven over HTTP and IPC (scripts/bench/child.ts).
 */
import { BenchChild } from './child';
import type { FromServerProcess, ServerProcessOptions, ServerUsage, ToServerProcess } from './server-process';

export class BenchServer {
  private constructor(
    private readonly process: BenchChild<FromServerProcess, ToServerProcess>,
    readonly base: string,
    readonly token: string,
    /** Seconds the process took to generate the library (0 without `library`). */
    readonly generatedSeconds: number,
  ) {}

  static async start(options: ServerProcessOptions): Promise<BenchServer> {
    const process = await BenchChild.start<FromServerProcess, ToServerProcess>('server-process', options);
    const ready = await process.answer('ready');
    return new BenchServer(process, ready.base, ready.token, ready.generatedSeconds);
  }

  /** Starts measuring RSS peak and CPU time afresh. */
  mark(): Promise<ServerUsage> {
    return this.process.answer('usage', 'mark');
  }

  /** RSS at the last mark, peak RSS and CPU time since. */
  usage(): Promise<ServerUsage> {
    return this.process.answer('usage', 'usage');
  }

  close(): Promise<void> {
    return this.process.close();
  }

  /** Ends the process if it is still running (after a failure). */
  kill(): void {
    this.process.kill();
  }
}
