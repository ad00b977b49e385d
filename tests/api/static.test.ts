import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, SLOW, type TestApp } from './helpers';

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('serving the built SPA', { timeout: SLOW }, () => {
  let t: TestApp;
  let outside: string;

  beforeAll(async () => {
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'aoc-static-'));
    const root = path.join(outside, 'dist');
    fs.mkdirSync(path.join(root, 'static'), { recursive: true });
    fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><div id="root">shell</div>');
    fs.writeFileSync(path.join(root, 'umi.1a2b3c4d.js'), 'console.info("app")');
    fs.writeFileSync(path.join(root, 'p__Alarm__Mock.9f8e7d6c.async.js'), 'export {}');
    fs.writeFileSync(path.join(root, 'static', 'logo.0a1b2c3d.png'), 'png');
    fs.writeFileSync(path.join(root, 'sw.js'), 'self.skipWaiting');
    fs.writeFileSync(path.join(root, 'manifest.webmanifest'), '{}');
    fs.writeFileSync(path.join(outside, 'secret.txt'), 'TOP-SECRET');
    t = await build({ staticDir: root });
  }, SLOW);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(outside, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('serves index.html at / without long caching', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('shell');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it.each(['/umi.1a2b3c4d.js', '/p__Alarm__Mock.9f8e7d6c.async.js', '/static/logo.0a1b2c3d.png'])(
    'caches the hashed file %s for a year',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
    },
  );

  it.each(['/sw.js', '/manifest.webmanifest'])('revalidates the unhashed file %s', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/alarm/board/over', '/permission', '/alarm/op/update/', '/?token=abc'])(
    'answers the page path %s with the shell (history routing)',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('shell');
    },
  );

  it('answers a missing asset with 404, not the shell', async () => {
    const response = await get('/umi.deadbeef.js');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('shell');
  });

  it('keeps /api paths out of the fallback', async () => {
    const response = await get('/api/no/such/endpoint');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 1, msg: '接口不存在', data: null });
  });

  it.each([
    '/../secret.txt',
    '/%2e%2e/secret.txt',
    '/..%2fsecret.txt',
    '/static/..%2f..%2fsecret.txt',
    '/%2e%2e%2f%2e%2e%2fsecret.txt',
    '/static/%5c..%5c..%5csecret.txt',
  ])('refuses the traversal %s', async (url) => {
    const response = await get(url);
    expect([403, 404]).toContain(response.statusCode);
    expect(response.body).not.toContain('TOP-SECRET');
  });
});
