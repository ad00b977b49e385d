/**
 * The parent's handle on a bench part's server process (scripts/bench/server-process.ts): bundled as
 * `npm run build` bundles the server, started on plain Node, driven over HTTP and IPC.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { build } from 'esbuild';
import { SERVER_BUNDLE } from '../server-bundle.mjs';
import type { FromServerProcess, ServerProcessOptions, ServerUsage, ToServerProcess } from './server-process';

/** Where the server process is bundled (the build folder is not committed): directly in it, as server/paths.ts needs. */
const BUNDLE_NAME = 'bench-server-process';

export class BenchServer {
  private constructor(
    private readonly child: ChildProcess,
    private readonly exited: Promise<never>,
    readonly base: string,
    readonly token: string,
    /** Seconds the process took to generate the library (0 without `library`). */
    readonly generatedSeconds: number,
  ) {}

  static async start(options: ServerProcessOptions): Promise<BenchServer> {
    await build({
      ...SERVER_BUNDLE,
      entryPoints: { [BUNDLE_NAME]: path.join('scripts', 'bench', 'server-process.ts') },
      outdir: 'build',
    });
    const child = fork(path.join('build', `${BUNDLE_NAME}.mjs`), [JSON.stringify(options)], {
      stdio: 'inherit',
      execArgv: [],
    });
    const exited = once(child, 'exit').then(([code]): never => {
      throw new Error(`the bench server exited with code ${code}`);
    });
    exited.catch(() => undefined);
    const ready = await BenchServer.answer(child, exited, 'ready');
    return new BenchServer(child, exited, ready.base, ready.token, ready.generatedSeconds);
  }

  private static async answer<T extends FromServerProcess['type']>(
    child: ChildProcess,
    exited: Promise<never>,
    type: T,
    request?: ToServerProcess,
  ): Promise<Extract<FromServerProcess, { type: T }>> {
    const answer = new Promise<Extract<FromServerProcess, { type: T }>>((resolve) => {
      const onMessage = (message: FromServerProcess) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        resolve(message as Extract<FromServerProcess, { type: T }>);
      };
      child.on('message', onMessage);
    });
    if (request) child.send(request);
    return Promise.race([answer, exited]);
  }

  /** Starts measuring RSS peak and CPU time afresh. */
  mark(): Promise<ServerUsage> {
    return BenchServer.answer(this.child, this.exited, 'usage', 'mark');
  }

  /** RSS at the last mark, peak RSS and CPU time since. */
  usage(): Promise<ServerUsage> {
    return BenchServer.answer(this.child, this.exited, 'usage', 'usage');
  }

  async close(): Promise<void> {
    const exited = once(this.child, 'exit');
    this.child.send('close' satisfies ToServerProcess);
    const [code] = (await exited) as [number | null];
    if (code !== 0) throw new Error(`the bench server exited with code ${code}`);
  }

  /** Ends the process if it is still running (after a failure). */
  kill(): void {
    if (this.child.exitCode === null) this.child.kill();
  }
}
