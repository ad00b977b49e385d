/**
 * Bearer-token authentication and the permission check, before the body is even read: a caller
 * without the right gets 401/403, never a validation error that reveals the route's schema.
 *
 * Signed-in holders are cached in memory for a few seconds, keyed by the token's hash: on the embedded
 * database every query waits behind a running import's transaction, and a progress poll must not. Any
 * revocation, and any change made through the user and role administration (`permission-edit`), empties
 * the cache at once, so in this process a revoked token or a withdrawn permission is refused immediately.
 * Other API nodes sharing a PostgreSQL server are told by a change notice (server/db/notices.ts) and empty
 * theirs as soon as it arrives; the time-to-live only bounds the wait while their listening connection is down.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Access, effectiveAccess, type Permission, routePermission } from '../auth/permissions';
import { forbidden, unauthorized } from '../errors';
import { hashToken } from '../repositories/tokens';

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

/** How long a looked-up holder is trusted without asking the database again. */
export const SIGN_IN_CACHE_TTL_MS = 10_000;
/**
 * While the database is busy (an import holds the embedded database), a holder past its time-to-live is
 * still served until the lookup answers, for at most this long.
 */
const SIGN_IN_CACHE_STALE_MS = 120_000;
const SIGN_IN_CACHE_MAX = 1000;
const ADMINISTRATION = routePermission('/permission', 'edit');

interface CachedSignIn {
  /** undefined: the holder is disabled (answered 401 like an unknown token). */
  user: AuthenticatedUser | undefined;
  tokenExpiresAt: number;
  checkedAt: number;
  /** The database lookup under way to refresh this entry. */
  refreshing?: Promise<CachedSignIn | undefined>;
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

  const cache = new Map<string, CachedSignIn>();
  /** Bumped on every invalidation: a lookup that started before one must not refill the cache. */
  let generation = 0;
  const invalidate = () => {
    generation++;
    cache.clear();
  };
  app.repositories.tokens.onRevoke(invalidate);
  app.changeNotices.on('sign-ins', invalidate);

  async function lookUp(token: string, key: string): Promise<CachedSignIn | undefined> {
    const started = generation;
    const signIn = await app.repositories.tokens.findSignIn(token);
    if (!signIn) {
      cache.delete(key);
      return undefined;
    }
    const { user: holder, expiresAt } = signIn;
    let user: AuthenticatedUser | undefined;
    if (!holder.disabled) {
      const roles = await app.repositories.roles.ofUser(holder.id);
      const { access, permissions } = effectiveAccess(roles, holder.permissions);
      user = {
        id: holder.id,
        username: holder.username,
        name: holder.name,
        avatar: holder.avatar,
        access,
        permissions,
      };
    }
    const entry: CachedSignIn = { user, tokenExpiresAt: expiresAt.getTime(), checkedAt: Date.now() };
    if (generation === started) {
      cache.delete(key);
      if (cache.size >= SIGN_IN_CACHE_MAX) cache.delete(cache.keys().next().value as string);
      cache.set(key, entry);
    }
    return entry;
  }

  async function signedIn(token: string): Promise<AuthenticatedUser | undefined> {
    const key = hashToken(token);
    const now = Date.now();
    const cached = cache.get(key);
    if (cached && now >= cached.tokenExpiresAt) cache.delete(key);
    else if (cached && now - cached.checkedAt < SIGN_IN_CACHE_TTL_MS) return cached.user;
    else if (cached) {
      if (!cached.refreshing) {
        const refreshing = lookUp(token, key);
        cached.refreshing = refreshing;
        refreshing.catch(() => {
          cached.refreshing = undefined;
        });
      }
      const refreshed = cached.refreshing;
      if (now - cached.checkedAt >= SIGN_IN_CACHE_STALE_MS) return (await refreshed)?.user;
      // Whichever comes first: the fresh answer, or the cached one when the database is still busy.
      const settled = await Promise.race([refreshed, new Promise<'busy'>((resolve) => setImmediate(resolve, 'busy'))]);
      return settled === 'busy' ? cached.user : settled?.user;
    }
    return (await lookUp(token, key))?.user;
  }

  app.addHook('onRequest', async (request) => {
    const needed = request.routeOptions.config.permission;
    if (needed === undefined || needed === 'public') return;

    const token = bearerToken(request);
    const user = token ? await signedIn(token) : undefined;
    if (!user) throw unauthorized();
    if (needed !== 'authenticated' && !user.permissions.includes(needed)) throw forbidden(needed);
    request.user = user;
  });

  // Users, roles and tokens change only through the administration routes: whatever such a write did, the
  // next request looks its holder up again (decided before the answer leaves, so no request can overtake it),
  // on every node: the write has committed by now, so other nodes look up what it wrote.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.routeOptions.config.permission === ADMINISTRATION && request.method !== 'GET') {
      invalidate();
      // Unsent (the database just went away), other nodes still forget within the time-to-live.
      await app.changeNotices
        .publish('sign-ins', app.database.db)
        .catch((error: Error) => request.log.warn({ err: error }, 'change notice not sent'));
    }
    return payload;
  });
};

export default fp(authentication, { name: 'authentication', dependencies: ['repositories', 'change-notices'] });
