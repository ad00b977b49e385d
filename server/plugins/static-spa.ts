/**
 * The built SPA: content-hashed files are cached for a year, everything else (index.html, sw.js,
 * manifest) is revalidated so a new build shows up at once. Unknown page paths get index.html
 * (history routing), see `notFoundHandler`.
 */
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/** `umi.1a2b3c4d.js`, `p__Alarm__Mock.9f8e7d6c.async.js`, `static/logo.0a1b2c3d.png`. */
const HASHED_FILE = /[.-][0-9a-f]{8,}\.(?:[a-z0-9]+\.)?[a-z0-9]+$/i;

export function cacheControlFor(filePath: string): string {
  return HASHED_FILE.test(path.basename(filePath)) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** Answers a page path with the SPA shell. */
export function sendSpaShell(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-cache').sendFile('index.html');
}

const staticSpa: FastifyPluginAsync<{ root: string }> = async (app, { root }) => {
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    cacheControl: false,
    dotfiles: 'ignore',
    setHeaders(reply, filePath) {
      reply.header('cache-control', cacheControlFor(filePath));
    },
  });
};

export default fp(staticSpa, { name: 'static-spa' });
