/**
 * Sign-in tokens: 256 random bits handed out once, stored only as their sha256, expiring and
 * revocable. A token is never logged.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database, Executor } from '../db';
import { tokens, type User, users } from '../db/schema';

export interface IssuedToken {
  token: string;
  expiresAt: Date;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A live token's holder and when the token expires. */
export interface SignIn {
  user: User;
  expiresAt: Date;
}

export function createTokensRepository(db: Database) {
  /** Told of every revocation, so caches of signed-in holders forget at once. */
  const revocationListeners = new Set<() => void>();
  const revoked = () => {
    for (const listener of revocationListeners) listener();
  };
  const repository = {
    onRevoke(listener: () => void): void {
      revocationListeners.add(listener);
    },

    async issue(userId: number, ttlHours: number, tx: Executor = db): Promise<IssuedToken> {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + ttlHours * 3_600_000);
      await tx.insert(tokens).values({ userId, tokenHash: hashToken(token), expiresAt });
      return { token, expiresAt };
    },

    /** The holder of a token that is neither expired nor revoked (disabled users included), and its expiry. */
    async findSignIn(token: string, tx: Executor = db): Promise<SignIn | undefined> {
      const [row] = await tx
        .select({ user: users, expiresAt: tokens.expiresAt })
        .from(tokens)
        .innerJoin(users, eq(users.id, tokens.userId))
        .where(and(eq(tokens.tokenHash, hashToken(token)), isNull(tokens.revokedAt), gt(tokens.expiresAt, new Date())));
      return row;
    },

    async findHolder(token: string, tx: Executor = db): Promise<User | undefined> {
      return (await repository.findSignIn(token, tx))?.user;
    },

    /** Signs the user out everywhere; answers how many live tokens were revoked. */
    async revokeAllOf(userId: number, tx: Executor = db): Promise<number> {
      const list = await tx
        .update(tokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(tokens.userId, userId), isNull(tokens.revokedAt)))
        .returning({ id: tokens.id });
      revoked();
      return list.length;
    },

    async revoke(token: string, tx: Executor = db): Promise<void> {
      await tx
        .update(tokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(tokens.tokenHash, hashToken(token)), isNull(tokens.revokedAt)));
      revoked();
    },
  };
  return repository;
}

export type TokensRepository = ReturnType<typeof createTokensRepository>;
