import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../db';
import { type User, userRoles, users } from '../db/schema';

export interface NewUser {
  username: string;
  name: string;
  avatar?: string;
  /** Extra permissions beyond the roles'. */
  permissions?: string[];
  roleIds?: number[];
}

export function createUsersRepository(db: Database) {
  return {
    async findById(id: number, tx: Executor = db): Promise<User | undefined> {
      const [user] = await tx.select().from(users).where(eq(users.id, id));
      return user;
    },

    async findByUsername(username: string, tx: Executor = db): Promise<User | undefined> {
      const [user] = await tx.select().from(users).where(eq(users.username, username));
      return user;
    },

    /** Creates the user with its roles; undefined when the username is taken. */
    async create(input: NewUser, tx: Executor = db): Promise<User | undefined> {
      const [user] = await tx
        .insert(users)
        .values({
          username: input.username,
          name: input.name,
          avatar: input.avatar ?? '',
          permissions: input.permissions ?? [],
        })
        .onConflictDoNothing({ target: users.username })
        .returning();
      if (user && input.roleIds?.length) {
        await tx.insert(userRoles).values(input.roleIds.map((roleId) => ({ userId: user.id, roleId })));
      }
      return user;
    },

    async setDisabled(id: number, disabled: boolean, tx: Executor = db): Promise<void> {
      await tx.update(users).set({ disabled, updatedAt: new Date() }).where(eq(users.id, id));
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
