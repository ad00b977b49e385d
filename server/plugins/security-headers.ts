/** Security headers on every response, API and static files alike (docs/quality.md, "Reliability and security"). */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath } from './route-permissions';

export interface SecurityHeadersOptions {
  /** Avatars may come from this server's origin as well. */
  avatarBaseUrl?: string;
}

export function contentSecurityPolicy(avatarBaseUrl?: string): string {
  const imageSources = ["'self'", 'data:', 'blob:', ...(avatarBaseUrl ? [new URL(avatarBaseUrl).origin] : [])];
  return [
    "default-src 'self'",
    "script-src 'self'",
    // antd styles components at run time (CSS-in-JS).
    "style-src 'self' 'unsafe-inline'",
    `img-src ${imageSources.join(' ')}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const securityHeaders: FastifyPluginAsync<SecurityHeadersOptions> = async (app, options) => {
  const headers = {
    'content-security-policy': contentSecurityPolicy(options.avatarBaseUrl),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    // API answers hold personal data and sign-in tokens: no browser or proxy may keep them.
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
  });
};

export default fp(securityHeaders, { name: 'security-headers' });
