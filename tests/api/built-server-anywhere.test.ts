/**
 * The built server runs from any folder (docs/architecture.md): bundled as `npm run build` bundles it
 * (scripts/server-bundle.mjs) and started with a temporary folder as its working directory, it finds its
 * migrations, its database thread and its chart thread from its own place (server/paths.ts). Without an OPC UA
 * source it never loads node-opcua, whose start-up checks print warnings (NODE-OPCUA-W27 on Node 20).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { SERVER_BUNDLE } from '../../scripts/server-bundle.mjs';
import { SLOW } from './helpers';

async function freePort(): Promise<number> {
  const probe = net.createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as net.AddressInfo;
  probe.close();
  await once(probe, 'close');
  return port;
}

/** All the server printed, kept as it comes. */
function printed(server: ChildProcess): { text: string } {
  const output = { text: '' };
  const keep = (chunk: Buffer) => {
    output.text += chunk.toString();
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  return output;
}

/** The admin sign-in link the server prints once it listens. */
function signInLink(server: ChildProcess, output: { text: string }): Promise<URL> {
  return new Promise((resolve, reject) => {
    server.stdout?.on('data', () => {
      const match = output.text.match(/http:\/\/\S+\?token=[\w-]+/);
      if (match) resolve(new URL(match[0]));
    });
    server.once('exit', (code) => reject(new Error(`the server exited (${code}) before it listened:\n${output.text}`)));
  });
}

describe('the built server', { timeout: SLOW * 2 }, () => {
  const name = `server-anywhere-${process.pid}`;
  const bundle = path.resolve('build', `${name}.mjs`);
  let folder: string;
  let server: ChildProcess | undefined;

  beforeAll(async () => {
    await build({ ...SERVER_BUNDLE, entryPoints: { [name]: 'server/server.ts' }, outdir: 'build' });
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'aoc-anywhere-'));
  });
  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await once(server, 'exit');
    }
    fs.rmSync(bundle, { force: true });
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('starts from another folder, answers /api/health and draws a chart picture, printing nothing of node-opcua', async () => {
    const port = await freePort();
    server = spawn(process.execPath, [bundle], {
      cwd: folder,
      // The embedded database in a folder of the working directory, even where DATABASE_URL is set.
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: 'data',
        DATABASE_URL: '',
        SEED_DEMO: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = printed(server);
    const link = await signInLink(server, output);
    // The data directory is the working directory's, as configured; the server's own files are not.
    expect(fs.existsSync(path.join(folder, 'data', 'pglite', 'PG_VERSION'))).toBe(true);

    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);

    const token = link.searchParams.get('token');
    const now = Date.now();
    const picture = await fetch(
      `http://127.0.0.1:${port}/api/kpi/series/picture?from=${new Date(now - 3_600_000).toISOString()}&to=${new Date(now).toISOString()}&bucket=10m&width=320&height=160`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toContain('image/svg+xml');
    expect(await picture.text()).toContain('<svg');

    // All it printed from start to exit: node-opcua's checks run when it loads and print before it would exit.
    server.kill('SIGTERM');
    await once(server, 'exit');
    expect(output.text).toContain('token=');
    expect(output.text).not.toContain('NODE-OPCUA');
  });
});
