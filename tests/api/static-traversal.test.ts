/**
 * Path traversal against the served SPA (server/plugins/static-spa.ts) over a real socket, so the raw
 * request line reaches the server as an attacker writes it (`fetch` and `inject` would normalise `..`):
 * encoded, double-encoded, overlong-UTF-8 and backslash forms, NUL bytes and dotfiles. Nothing outside the
 * build directory, and no dotfile inside it, is ever answered; nothing answers 500.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, SLOW, type TestApp } from './helpers';

/** Sends one raw HTTP/1.1 request line and answers the status and body of the response. */
function rawGet(port: number, target: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
      resolve({ status, body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
  });
}

describe('path traversal on the served SPA', { timeout: SLOW }, () => {
  let t: TestApp;
  let outside: string;
  let port: number;

  beforeAll(async () => {
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'aoc-traversal-'));
    const root = path.join(outside, 'dist');
    fs.mkdirSync(path.join(root, 'static'), { recursive: true });
    fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><div id="root">shell</div>');
    fs.writeFileSync(path.join(root, 'static', 'app.0a1b2c3d.js'), 'console.info("app")');
    fs.writeFileSync(path.join(root, '.env'), 'DOTFILE-SECRET');
    fs.mkdirSync(path.join(root, '.git'));
    fs.writeFileSync(path.join(root, '.git', 'config'), 'DOTFILE-SECRET');
    fs.writeFileSync(path.join(outside, 'secret.txt'), 'TOP-SECRET');
    t = await build({ staticDir: root });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  }, SLOW);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(outside, { recursive: true, force: true });
  });

  it('serves the files of the build directory (the attacks below are not refused for being requests at all)', async () => {
    const asset = await rawGet(port, '/static/app.0a1b2c3d.js');
    expect(asset.status).toBe(200);
    expect(asset.body).toContain('console.info');
  });

  it('never answers the absolute path of a file outside the build', async () => {
    for (const target of [`/${outside}/secret.txt`, `/${encodeURIComponent(path.join(outside, 'secret.txt'))}`]) {
      const { status, body } = await rawGet(port, target);
      expect(status, target).toBeLessThan(500);
      expect(body).not.toContain('TOP-SECRET');
    }
  });

  it.each([
    '/../secret.txt',
    '/static/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/%2E%2E%2Fsecret.txt',
    '/.%2e/secret.txt',
    '/%252e%252e/secret.txt',
    '/%252e%252e%252fsecret.txt',
    '/%c0%ae%c0%ae/secret.txt',
    '/%c0%ae%c0%ae%c0%afsecret.txt',
    '/..\\secret.txt',
    '/static/..%5c..%5csecret.txt',
    '/..;/secret.txt',
    '//..//..//secret.txt',
    '/%2ftmp%2fsecret.txt',
    '/index.html%00.js',
    '/..%00/secret.txt',
    '/.env',
    '/%2eenv',
    '/.git/config',
    '/static/../.env',
  ])('never answers %s with a file from outside the build or a dotfile, nor with a 500', async (target) => {
    const { status, body } = await rawGet(port, target);
    expect(status).toBeGreaterThanOrEqual(200);
    expect(status).toBeLessThan(500);
    expect(body).not.toContain('TOP-SECRET');
    expect(body).not.toContain('DOTFILE-SECRET');
    expect(body).not.toMatch(/root:.*:0:0:/);
  });
});
