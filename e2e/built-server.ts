import { type ChildProcess, spawn } from 'node:child_process';

export interface BuiltServer {
  /** The admin sign-in link the server prints on start. */
  link: string;
  stop: () => Promise<void>;
}

/** Starts the built server (`npm run build`) with the demo plant and waits for its admin sign-in link. */
export async function startBuiltServer(options: {
  port: number;
  dataDir: string;
  staticDir: string;
  /** More of the environment (e.g. DROP_DIR). */
  env?: Record<string, string>;
}) {
  const server: ChildProcess = spawn('node', ['build/server.mjs'], {
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      STATIC_DIR: options.staticDir,
      // The demo plant and its 30-day journal: pages draw real data.
      SEED_DEMO: '1',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const link = await new Promise<string>((resolve, reject) => {
    let output = '';
    server.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/http:\/\/\S+\?token=[\w-]+/);
      if (match) resolve(match[0]);
    });
    server.on('exit', (code) =>
      reject(new Error(`server exited (${code}) before printing a sign-in link:\n${output}`)),
    );
  });
  const stop = async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  };
  return { link, stop } satisfies BuiltServer;
}
