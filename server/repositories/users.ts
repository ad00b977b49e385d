import { and, asc, count, countDistinct, eq, gt, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { Page, PageRequest } from '../../contract/http';
import type { Database, Executor } from '../db';
import { roles, type User, userRoles, users } from '../db/schema';
import { containsPattern, inBatches, pageWindow } from './listing';

export interface NewUser {
  username: string;
  name: string;
  avatar?: string;
  /** Extra permissions beyond the roles'. */
  permissions?: string[];
  roleIds?: number[];
}

/** A user as the permission page lists it: with the ids of its roles. */
export type UserWithRoles = User & { roleIds: number[] };

export interface UserPatch {
  name: string;
  avatar: string;
  permissions: string[];
  roleIds: number[];
}

/** Users whose username or name contains `keyword`. */
function keywordWhere(keyword: string | undefined): SQL | undefined {
  const pattern = containsPattern(keyword);
  return pattern ? or(ilike(users.username, pattern), ilike(users.name, pattern)) : undefined;
}

export function createUsersRepository(db: Database) {
  async function withRoleIds(list: User[], tx: Executor): Promise<UserWithRoles[]> {
    if (!list.length) return [];
    const links = await tx
      .select()
      .from(userRoles)
      .where(
        inArray(
          userRoles.userId,
          list.map((user) => user.id),
        ),
      )
      .orderBy(asc(userRoles.roleId));
    return list.map((user) => ({
      ...user,
      roleIds: links.filter((link) => link.userId === user.id).map((link) => link.roleId),
    }));
  }

  /** How many users the search finds: the page's total and the export's row count. */
  const countOf = async (keyword: string | undefined, tx: Executor = db): Promise<number> => {
    const [{ total }] = await tx.select({ total: count() }).from(users).where(keywordWhere(keyword));
    return total;
  };

  return {
    count: countOf,
    /** Users whose username or name contains `keyword`, oldest first. */
    async page(keyword: string | undefined, page: PageRequest, tx: Executor = db): Promise<Page<UserWithRoles>> {
      const where = keywordWhere(keyword);
      const { limit, offset } = pageWindow(page);
      const list = await tx.select().from(users).where(where).orderBy(asc(users.id)).limit(limit).offset(offset);
      return { list: await withRoleIds(list, tx), total: await countOf(keyword, tx), ...page };
    },

    /** Every user the page's search finds, in list order, a batch at a time (the export). */
    rows(keyword: string | undefined, tx: Executor = db): AsyncGenerator<UserWithRoles> {
      return inBatches<UserWithRoles>(async (last, limit) => {
        const batch = await tx
          .select()
          .from(users)
          .where(and(keywordWhere(keyword), last ? gt(users.id, last.id) : undefined))
          .orderBy(asc(users.id))
          .limit(limit);
        return withRoleIds(batch, tx);
      });
    },

    async findWithRoles(id: number, tx: Executor = db): Promise<UserWithRoles | undefined> {
      const [user] = await tx.select().from(users).where(eq(users.id, id));
      return user && (await withRoleIds([user], tx))[0];
    },

    /** Replaces the user's details and roles; undefined when there is no such user. */
    async update(id: number, patch: UserPatch, tx: Executor = db): Promise<User | undefined> {
      const { roleIds, ...fields } = patch;
      const [user] = await tx
        .update(users)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      if (!user) return undefined;
      await tx.delete(userRoles).where(eq(userRoles.userId, id));
      if (roleIds.length) await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId: id, roleId })));
      return user;
    },

    /** Enabled users holding an admin role, leaving out `exceptUserId`. */
    async countActiveAdmins(exceptUserId: number, tx: Executor = db): Promise<number> {
      const [{ admins }] = await tx
        .select({ admins: countDistinct(users.id) })
        .from(users)
        .innerJoin(userRoles, eq(userRoles.userId, users.id))
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(and(eq(roles.isAdmin, true), eq(users.disabled, false), ne(users.id, exceptUserId)));
      return admins;
    },

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
