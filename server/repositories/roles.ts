import { asc, count, eq, inArray } from 'drizzle-orm';
import type { Database, Executor } from '../db';
import { type Role, roles, userRoles } from '../db/schema';
import { isUniqueViolation } from './listing';

export interface NewRole {
  name: string;
  permissions: string[];
  isAdmin?: boolean;
}

/** A role with the number of users holding it. */
export type RoleWithHolders = Role & { userCount: number };

export function createRolesRepository(db: Database) {
  return {
    async listWithHolders(tx: Executor = db): Promise<RoleWithHolders[]> {
      const holders = await tx
        .select({ roleId: userRoles.roleId, userCount: count() })
        .from(userRoles)
        .groupBy(userRoles.roleId);
      const list = await tx.select().from(roles).orderBy(asc(roles.id));
      return list.map((role) => ({
        ...role,
        userCount: holders.find((holder) => holder.roleId === role.id)?.userCount ?? 0,
      }));
    },

    async findById(id: number, tx: Executor = db): Promise<Role | undefined> {
      const [role] = await tx.select().from(roles).where(eq(roles.id, id));
      return role;
    },

    /** The roles of these ids that exist. */
    async findByIds(ids: number[], tx: Executor = db): Promise<Role[]> {
      return ids.length ? tx.select().from(roles).where(inArray(roles.id, ids)) : [];
    },

    /** Renames the role and replaces its permissions: 'missing' or 'duplicate' (name taken) when refused. */
    async update(
      id: number,
      input: Pick<NewRole, 'name' | 'permissions'>,
      tx: Executor = db,
    ): Promise<Role | 'missing' | 'duplicate'> {
      try {
        const [role] = await tx
          .update(roles)
          .set({ name: input.name, permissions: input.permissions, updatedAt: new Date() })
          .where(eq(roles.id, id))
          .returning();
        return role ?? 'missing';
      } catch (error) {
        if (isUniqueViolation(error)) return 'duplicate';
        throw error;
      }
    },

    async holderCount(id: number, tx: Executor = db): Promise<number> {
      const [{ holders }] = await tx.select({ holders: count() }).from(userRoles).where(eq(userRoles.roleId, id));
      return holders;
    },

    async remove(id: number, tx: Executor = db): Promise<boolean> {
      return (await tx.delete(roles).where(eq(roles.id, id)).returning({ id: roles.id })).length > 0;
    },

    async list(tx: Executor = db): Promise<Role[]> {
      return tx.select().from(roles).orderBy(asc(roles.id));
    },

    async findByName(name: string, tx: Executor = db): Promise<Role | undefined> {
      const [role] = await tx.select().from(roles).where(eq(roles.name, name));
      return role;
    },

    /** Creates the role; undefined when the name is taken. */
    async create(input: NewRole, tx: Executor = db): Promise<Role | undefined> {
      const [role] = await tx
        .insert(roles)
        .values({ name: input.name, permissions: input.permissions, isAdmin: input.isAdmin ?? false })
        .onConflictDoNothing({ target: roles.name })
        .returning();
      return role;
    },

    async ofUser(userId: number, tx: Executor = db): Promise<Role[]> {
      return tx
        .select({
          id: roles.id,
          name: roles.name,
          permissions: roles.permissions,
          isAdmin: roles.isAdmin,
          createdAt: roles.createdAt,
          updatedAt: roles.updatedAt,
        })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(eq(userRoles.userId, userId))
        .orderBy(asc(roles.id));
    },
  };
}

export type RolesRepository = ReturnType<typeof createRolesRepository>;
