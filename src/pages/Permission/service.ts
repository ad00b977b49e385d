import type { PermissionNode } from '@common/routes';
import { request } from '@umijs/max';
import type { Envelope, Page, PageQuery } from '@/services/api';

export interface UserRow {
  id: number;
  username: string;
  name: string;
  avatar: string;
  access: 'admin' | '';
  disabled: boolean;
  roleIds: number[];
  /** Extra permissions beyond the roles'. */
  permissions: string[];
}

export interface UserBody {
  username?: string;
  name: string;
  avatar?: string;
  roleIds: number[];
  permissions?: string[];
}

export interface RoleRow {
  id: number;
  name: string;
  permissions: string[];
  isAdmin: boolean;
  userCount: number;
}

export type RoleBody = Pick<RoleRow, 'name' | 'permissions'>;

export interface SignInLink {
  token: string;
  /** `/?token=…`, relative to the console's address. */
  url: string;
  expiresAt: string;
}

const data = <T>(promise: Promise<Envelope<T>>) => promise.then((body) => body.data);

/** Export endpoints below `/api`, for `ExportButton`. */
export const USERS_EXPORT_PATH = '/permission/users/export';
export const ROLES_EXPORT_PATH = '/permission/roles/export';

export const fetchUsers = (params: PageQuery & Record<string, unknown>) =>
  data(request<Envelope<Page<UserRow>>>('/permission/users', { method: 'GET', params }));
export const createUser = (body: UserBody) =>
  data(request<Envelope<UserRow>>('/permission/users', { method: 'POST', data: body }));
export const updateUser = (id: number, body: UserBody) =>
  data(request<Envelope<UserRow>>(`/permission/users/${id}`, { method: 'PUT', data: body }));
export const disableUser = (id: number) =>
  data(request<Envelope<UserRow>>(`/permission/users/${id}`, { method: 'DELETE' }));
export const enableUser = (id: number) =>
  data(request<Envelope<UserRow>>(`/permission/users/${id}/enable`, { method: 'POST' }));
export const issueSignInLink = (id: number) =>
  data(request<Envelope<SignInLink>>(`/permission/users/${id}/token`, { method: 'POST' }));
export const revokeTokens = (id: number) =>
  data(request<Envelope<{ revoked: number }>>(`/permission/users/${id}/token`, { method: 'DELETE' }));

export const fetchRoles = () => data(request<Envelope<RoleRow[]>>('/permission/roles', { method: 'GET' }));
export const createRole = (body: RoleBody) =>
  data(request<Envelope<RoleRow>>('/permission/roles', { method: 'POST', data: body }));
export const updateRole = (id: number, body: RoleBody) =>
  data(request<Envelope<RoleRow>>(`/permission/roles/${id}`, { method: 'PUT', data: body }));
export const deleteRole = (id: number) =>
  data(request<Envelope<{ id: number }>>(`/permission/roles/${id}`, { method: 'DELETE' }));

export const fetchPermissionTree = () =>
  data(request<Envelope<PermissionNode[]>>('/permission/tree', { method: 'GET' }));
