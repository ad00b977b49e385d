/**
 * Bearer-token authentication and the permission check, before the body is even read: a caller
 * without the right gets 401/403, never a validation error that reveals the route's schema.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Access, effectiveAccess, type Permission } from '../auth/permissions';
import { forbidden, unauthorized } from '../errors';

export interface AuthenticatedUser {
  id: number;
  username: string;
  name: string;
  avatar: string;
  access: Access;
  permissions: Permission[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on every route that is not public. */
    user: AuthenticatedUser | null;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/** The signed-in user of a non-public route. */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

const authentication: FastifyPluginAsync = async (app) => {
  app.decorateRequest('user', null);

  app.addHook('onRequest', async (request) => {
    const needed = request.routeOptions.config.permission;
    if (needed === undefined || needed === 'public') return;

    const token = bearerToken(request);
    const holder = token ? await app.repositories.tokens.findHolder(token) : undefined;
    if (!holder || holder.disabled) throw unauthorized();

    const roles = await app.repositories.roles.ofUser(holder.id);
    const { access, permissions } = effectiveAccess(roles, holder.permissions);
    if (needed !== 'authenticated' && !permissions.includes(needed)) throw forbidden(needed);

    request.user = {
      id: holder.id,
      username: holder.username,
      name: holder.name,
      avatar: holder.avatar,
      access,
      permissions,
    };
  });
};

export default fp(authentication, { name: 'authentication', dependencies: ['repositories'] });
