import { asc, eq } from 'drizzle-orm';
import type { Database, Executor } from '../db';
import { type Role, roles, userRoles } from '../db/schema';

export interface NewRole {
  name: string;
  permissions: string[];
  isAdmin?: boolean;
}

export function createRolesRepository(db: Database) {
  return {
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
