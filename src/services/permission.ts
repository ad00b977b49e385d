/** 权限配置 `/permission`: users, roles, sign-in links and the permission tree. Types: contract/permission.ts. */
import type { RoleBody, UserCreate, UserUpdate } from '@contract/permission';
import { call } from './http';

export const fetchUsers = (query: { current: number; pageSize: number; keyword?: string }) =>
  call('GET /permission/users', { query });
export const createUser = (body: UserCreate) => call('POST /permission/users', { body });
export const updateUser = (id: number, body: UserUpdate) => call('PUT /permission/users/:id', { params: { id }, body });
export const disableUser = (id: number) => call('DELETE /permission/users/:id', { params: { id } });
export const enableUser = (id: number) => call('POST /permission/users/:id/enable', { params: { id } });
export const issueSignInLink = (id: number) => call('POST /permission/users/:id/token', { params: { id } });
export const revokeTokens = (id: number) => call('DELETE /permission/users/:id/token', { params: { id } });

export const fetchRoles = () => call('GET /permission/roles');
export const createRole = (body: RoleBody) => call('POST /permission/roles', { body });
export const updateRole = (id: number, body: RoleBody) => call('PUT /permission/roles/:id', { params: { id }, body });
export const deleteRole = (id: number) => call('DELETE /permission/roles/:id', { params: { id } });

export const fetchPermissionTree = () => call('GET /permission/tree');
