/**
 * The real API server in a child process, for the tests that kill it: on a data directory of its own, or on
 * the test PostgreSQL when TEST_DATABASE_URL is set.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { testDatabaseUrl } from './helpers';

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ChildServer {
  child: ChildProcess;
  base: string;
  auth: { authorization: string };
}

export interface ChildServerOptions {
  port: number;
  /** Holds the embedded database (`data/`) between restarts. */
  dir: string;
  /** More environment, e.g. LOG_LEVEL or COLLECTOR_POLL_MS. */
  env?: Record<string, string>;
}

/** Starts the server and resolves once it printed its admin sign-in link. */
export async function startChildServer({ port, dir, env = {} }: ChildServerOptions): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      ADMIN_LINK: '1',
      LOG_LEVEL: 'error',
      STATIC_DIR: path.join(dir, 'no-spa'),
      ...(testDatabaseUrl ? { DATABASE_URL: testDatabaseUrl } : { DATA_DIR: path.join(dir, 'data'), DATABASE_URL: '' }),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const token = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /[?&]token=([^\s&]+)/.exec(output);
      if (match) resolve(match[1]);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${output}`)));
  });
  return { child, base: `http://127.0.0.1:${port}`, auth: { authorization: `Bearer ${token}` } };
}

/** Ends the server the given way and waits for its exit. */
export async function stopChildServer(server: ChildServer, signal: NodeJS.Signals): Promise<void> {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill(signal);
  await exited;
}
