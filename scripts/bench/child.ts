/**
 * The parent's handle on a bench part's child process (scripts/bench/server-process.ts,
 * scripts/bench/opcua-plant-process.ts): bundled as `npm run build` bundles the server, started on plain Node, its
 * options as JSON in the first argument, driven over IPC. A child answers each request with a message of a type;
 * `close` ends it.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { build } from 'esbuild';
import { SERVER_BUNDLE } from '../server-bundle.mjs';

export class BenchChild<From extends { type: string }, To extends string | object> {
  private constructor(
    private readonly child: ChildProcess,
    private readonly exited: Promise<never>,
    private readonly name: string,
  ) {}

  /**
   * Bundles `scripts/bench/<entry>.ts` directly in the build folder (not committed), as server/paths.ts needs, and
   * starts it with `options`.
   */
  static async start<From extends { type: string }, To extends string | object>(
    entry: string,
    options: unknown,
  ): Promise<BenchChild<From, To>> {
    const name = `bench-${entry}`;
    await build({
      ...SERVER_BUNDLE,
      entryPoints: { [name]: path.join('scripts', 'bench', `${entry}.ts`) },
      outdir: 'build',
    });
    const child = fork(path.join('build', `${name}.mjs`), [JSON.stringify(options)], {
      stdio: 'inherit',
      execArgv: [],
    });
    const exited = once(child, 'exit').then(([code]): never => {
      throw new Error(`${name} exited with code ${code}`);
    });
    exited.catch(() => undefined);
    return new BenchChild<From, To>(child, exited, name);
  }

  /** The next message of `type` from the child, after sending `request` if given; fails if the child exits first. */
  answer<T extends From['type']>(type: T, request?: To): Promise<Extract<From, { type: T }>> {
    const answer = new Promise<Extract<From, { type: T }>>((resolve) => {
      const onMessage = (message: From) => {
        if (message.type !== type) return;
        this.child.off('message', onMessage);
        resolve(message as Extract<From, { type: T }>);
      };
      this.child.on('message', onMessage);
    });
    if (request !== undefined) this.child.send(request);
    return Promise.race([answer, this.exited]);
  }

  /** Sends `request` without waiting for an answer. */
  send(request: To): void {
    this.child.send(request);
  }

  /** Asks the child to close and waits for it to exit cleanly. */
  async close(): Promise<void> {
    const exited = once(this.child, 'exit');
    this.child.send('close');
    const [code] = (await exited) as [number | null];
    if (code !== 0) throw new Error(`${this.name} exited with code ${code}`);
  }

  /** Ends the process if it is still running (after a failure). */
  kill(): void {
    if (this.child.exitCode === null) this.child.kill();
  }
}
