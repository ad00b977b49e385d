/** Users, roles and sign-in tokens. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

import { timestamps } from './columns';

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  name: text('name').notNull(),
  /** Relative path, shown against AVATAR_BASE_URL. */
  avatar: text('avatar').notNull().default(''),
  /** Users are never deleted, only disabled: their names stay on changes and approvals. */
  disabled: boolean('disabled').notNull().default(false),
  /** Extra permissions held beyond those of the user's roles. */
  permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
  ...timestamps,
});

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
  /** Holders get access `admin` and every permission of the route table. */
  isAdmin: boolean('is_admin').notNull().default(false),
  ...timestamps,
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.roleId] }), index('user_roles_role_id_idx').on(table.roleId)],
);

export const tokens = pgTable(
  'tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 (hex) of the token: the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('tokens_user_id_idx').on(table.userId)],
);

export type User = typeof users.$inferSelect;
export type Role = typeof roles.$inferSelect;
