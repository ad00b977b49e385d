/**
 * 权限配置 `/permission`: users (never deleted, only disabled), roles, sign-in links and the permission tree
 * the role editor draws; both lists export to xlsx.
 */
import { type Static, Type } from 'typebox';
import { endpoint } from './endpoint';
import { Id, IdParams, pageOf, pageQueryProperties, Timestamp } from './http';
import { Removed } from './moc';

const Permissions = Type.Array(Type.String({ maxLength: 100 }), { maxItems: 1000 });
const RoleIds = Type.Array(Id, { maxItems: 100, uniqueItems: true });
const Name = Type.String({ minLength: 1, maxLength: 50 });
const Avatar = Type.String({ maxLength: 500 });

/** `admin` for a holder of an administrator role. */
export const Access = Type.Union([Type.Literal('admin'), Type.Literal('')]);

export const UserFilters = Type.Object({ keyword: Type.Optional(Type.String({ maxLength: 100 })) });

export const UserItem = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  name: Type.String(),
  avatar: Type.String(),
  access: Access,
  disabled: Type.Boolean(),
  roleIds: Type.Array(Type.Integer()),
  /** The user's own extra permissions, beyond those of the roles. */
  permissions: Type.Array(Type.String()),
});
export type UserItem = Static<typeof UserItem>;

export const UserUpdate = Type.Object({
  name: Name,
  avatar: Type.Optional(Avatar),
  roleIds: RoleIds,
  permissions: Type.Optional(Permissions),
});
export type UserUpdate = Static<typeof UserUpdate>;

export const UserCreate = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 50, pattern: '^[A-Za-z0-9_.@-]+$' }),
  ...UserUpdate.properties,
});
export type UserCreate = Static<typeof UserCreate>;

export const RoleItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  permissions: Type.Array(Type.String()),
  isAdmin: Type.Boolean(),
  userCount: Type.Integer(),
});
export type RoleItem = Static<typeof RoleItem>;

export const RoleBody = Type.Object({ name: Name, permissions: Permissions });
export type RoleBody = Static<typeof RoleBody>;

/** A sign-in link: `url` is `/?token=…`, relative to the console's address. */
export const SignInLink = Type.Object({ token: Type.String(), url: Type.String(), expiresAt: Timestamp });
export type SignInLink = Static<typeof SignInLink>;

/** The permission tree: group → route → action, at most three deep (common/routes.ts `permissionTree()`). */
const nodeFields = {
  key: Type.String(),
  title: Type.String(),
  path: Type.Optional(Type.String()),
  action: Type.Optional(Type.String()),
};
const ActionNode = Type.Object(nodeFields);
const RouteNode = Type.Object({ ...nodeFields, children: Type.Optional(Type.Array(ActionNode)) });
export const PermissionTree = Type.Array(
  Type.Object({ ...nodeFields, children: Type.Optional(Type.Array(RouteNode)) }),
);
/** A node of any level, as the role editor walks the tree. */
export type PermissionNode = Static<typeof ActionNode> & { children?: PermissionNode[] };

const USERS = '/permission/users';
const ROLES = '/permission/roles';

export const permissionEndpoints = {
  users: endpoint('GET', USERS, {
    query: Type.Object({ ...pageQueryProperties, ...UserFilters.properties }),
    response: pageOf(UserItem),
  }),
  exportUsers: endpoint('GET', `${USERS}/export`, { query: UserFilters }),
  createUser: endpoint('POST', USERS, { body: UserCreate, response: UserItem }),
  updateUser: endpoint('PUT', `${USERS}/:id`, { params: IdParams, body: UserUpdate, response: UserItem }),
  disableUser: endpoint('DELETE', `${USERS}/:id`, { params: IdParams, response: UserItem }),
  enableUser: endpoint('POST', `${USERS}/:id/enable`, { params: IdParams, response: UserItem }),
  issueToken: endpoint('POST', `${USERS}/:id/token`, { params: IdParams, response: SignInLink }),
  revokeTokens: endpoint('DELETE', `${USERS}/:id/token`, {
    params: IdParams,
    response: Type.Object({ revoked: Type.Integer() }),
  }),
  roles: endpoint('GET', ROLES, { response: Type.Array(RoleItem) }),
  exportRoles: endpoint('GET', `${ROLES}/export`, {}),
  createRole: endpoint('POST', ROLES, { body: RoleBody, response: RoleItem }),
  updateRole: endpoint('PUT', `${ROLES}/:id`, { params: IdParams, body: RoleBody, response: RoleItem }),
  deleteRole: endpoint('DELETE', `${ROLES}/:id`, { params: IdParams, response: Removed }),
  tree: endpoint('GET', '/permission/tree', { response: PermissionTree }),
};
