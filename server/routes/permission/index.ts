/**
 * 权限配置 (docs/api.md): users (never deleted, only disabled), roles, sign-in tokens and the permission tree
 * the role editor draws; both lists export to xlsx. Reads need `permission-view`, writes `permission-edit`. Every write that
 * touches several rows runs in one transaction: a refusal leaves nothing half-saved.
 *
 * `permission-edit` is no key to everything (issue 39): nobody grants a permission he does not hold himself
 * (by a user's roles or extra permissions, or by a role's permissions; the 管理员 role only by an admin),
 * nobody mints a sign-in link for a user holding rights he lacks, and only an admin ends an admin's sign-ins,
 * disables an admin or takes the 管理员 role away from one (each of these ends what an admin holds).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { permissionLabel, unknownPermissions, withImpliedViews } from '../../../common/permissions';
import { permissionTree, routeIndex } from '../../../common/routes';
import { permissionEndpoints, type RoleItem, type UserItem } from '../../../contract/permission';
import { type Access, effectiveAccess, routePermission } from '../../auth/permissions';
import type { Executor } from '../../db';
import { refused } from '../../errors';
import { sendXlsx } from '../../export/xlsx';
import { type AuthenticatedUser, currentUser } from '../../plugins/authentication';
import type { UserWithRoles } from '../../repositories/users';
import { routeOf } from '../endpoint';
import { ok } from '../reply';
import { requiredText } from '../text';

/** A role as stored, without the count of its holders. */
type Role = Omit<RoleItem, 'userCount'>;

const VIEW = routePermission('/permission', 'view');
const EDIT = routePermission('/permission', 'edit');

/** Declared strings only, with every implied `view` added (holding an action of a route implies seeing it). */
function checkedPermissions(permissions: string[]): string[] {
  const unknown = unknownPermissions(permissions);
  if (unknown.length) throw refused(400, `未知的权限：${unknown.join('、')}`);
  return withImpliedViews(permissions);
}

/** What a user holds, or a role gives. */
interface Held {
  access: Access;
  permissions: readonly string[];
}

/** At most five names, then how many there are in all. */
function labelled(permissions: readonly string[]): string {
  const names = permissions
    .slice(0, 5)
    .map((permission) => permissionLabel(permission))
    .join('、');
  return permissions.length > 5 ? `${names} 等 ${permissions.length} 项` : names;
}

/** The permissions of `held` the actor does not hold himself. */
function beyond(actor: AuthenticatedUser, held: readonly string[]): string[] {
  const own = new Set<string>(actor.permissions);
  return held.filter((permission) => !own.has(permission));
}

/**
 * Refuses a change taking a user or role from `before` to `after` when it gives anything the actor does not
 * hold himself; taking away, or keeping what was already there, is never refused. `adminRole` names the
 * admin role the change gives, if it does: all rights, present and future, so only an admin gives it.
 */
function refuseEscalation(actor: AuthenticatedUser, before: Held, after: Held, adminRole?: string): void {
  if (actor.access === 'admin') return;
  if (after.access === 'admin' && before.access !== 'admin') {
    throw refused(403, `只有管理员才能授予「${adminRole ?? '管理员'}」角色`);
  }
  const had = new Set<string>(before.permissions);
  const given = after.permissions.filter((permission) => !had.has(permission));
  const missing = beyond(actor, given);
  if (missing.length) throw refused(403, `不能授予您自己没有的权限：${labelled(missing)}`);
}

/** A role's or a new user's own set, with nothing held before. */
const NOTHING: Held = { access: '', permissions: [] };

export interface PermissionRoutesOptions {
  tokenTtlHours: number;
}

const permissionRoutes: FastifyPluginAsyncTypebox<PermissionRoutesOptions> = async (app, { tokenTtlHours }) => {
  const { users, roles, tokens } = app.repositories;

  const userItem = (user: UserWithRoles, allRoles: Role[]): UserItem => ({
    id: user.id,
    username: user.username,
    name: user.name,
    avatar: user.avatar,
    access: allRoles.some((role) => role.isAdmin && user.roleIds.includes(role.id)) ? 'admin' : '',
    disabled: user.disabled,
    roleIds: user.roleIds,
    permissions: user.permissions,
  });

  async function existingUser(id: number, tx: Executor): Promise<UserWithRoles> {
    const user = await users.findWithRoles(id, tx);
    if (!user) throw refused(404, '用户不存在或已被删除');
    return user;
  }

  /** The roles of `roleIds`, refusing ids that name no role. */
  async function checkedRoles(roleIds: number[], tx: Executor): Promise<Role[]> {
    const found = await roles.findByIds(roleIds, tx);
    const missing = roleIds.filter((id) => !found.some((role) => role.id === id));
    if (missing.length) throw refused(400, `角色不存在：${missing.join('、')}`);
    return found;
  }

  /** Refuses to leave the console without an enabled administrator. */
  async function keepAnAdmin(user: UserWithRoles, stillAdmin: boolean, tx: Executor): Promise<void> {
    if (stillAdmin || user.disabled) return;
    const wasAdmin = (await roles.ofUser(user.id, tx)).some((role) => role.isAdmin);
    if (wasAdmin && (await users.countActiveAdmins(user.id, tx)) === 0) {
      throw refused(409, `「${user.name}」是最后一位管理员，不能移除：请先让另一位启用的用户拥有管理员角色`);
    }
  }

  /** What a user holds now, by roles and extra permissions. */
  async function accessOf(user: UserWithRoles, tx: Executor = app.database.db): Promise<Held> {
    return effectiveAccess(await roles.ofUser(user.id, tx), user.permissions);
  }

  /**
   * Refuses `what` about an admin unless the actor is one: ending an admin's sign-ins, disabling him or taking
   * the 管理员 role away are for admins only (rights held by the actor or not, an admin is no equal of his).
   */
  async function refuseAdminUnlessAdmin(
    actor: AuthenticatedUser,
    user: UserWithRoles,
    what: string,
    tx: Executor = app.database.db,
  ): Promise<void> {
    if (actor.access === 'admin') return;
    if ((await accessOf(user, tx)).access === 'admin') {
      throw refused(403, `「${user.name}」是管理员：只有管理员才能${what}`);
    }
  }

  /** Refuses `what` about a user holding rights the actor lacks (an admin's, whatever the actor holds). */
  async function refuseBeyondActor(actor: AuthenticatedUser, user: UserWithRoles, what: string): Promise<void> {
    if (actor.access === 'admin') return;
    const held = await accessOf(user);
    if (held.access === 'admin') throw refused(403, `「${user.name}」是管理员：只有管理员才能${what}`);
    const missing = beyond(actor, held.permissions);
    if (missing.length) throw refused(403, `「${user.name}」拥有您没有的权限（${labelled(missing)}）：不能${what}`);
  }

  async function answerUser(id: number, tx: Executor) {
    return ok(userItem(await existingUser(id, tx), await roles.list(tx)));
  }

  app.route({
    ...routeOf(permissionEndpoints.users),
    config: { permission: VIEW },
    handler: async (request) => {
      const { keyword, current, pageSize } = request.query;
      const page = await users.page(keyword, { current, pageSize });
      const allRoles = await roles.list();
      return ok({ ...page, list: page.list.map((user) => userItem(user, allRoles)) });
    },
  });

  app.route({
    ...routeOf(permissionEndpoints.exportUsers),
    config: { permission: VIEW },
    handler: async (request, reply) => {
      const roleNames = new Map((await roles.list()).map((role) => [role.id, role.name]));
      return sendXlsx(reply, {
        fileStem: 'users',
        sheetName: '用户',
        rows: users.rows(request.query.keyword),
        count: await users.count(request.query.keyword),
        columns: [
          { header: '用户名', value: (user) => user.username, width: 20 },
          { header: '姓名', value: (user) => user.name },
          {
            header: '角色',
            value: (user) => user.roleIds.map((id) => roleNames.get(id) ?? `#${id}`).join('、'),
            width: 30,
          },
          { header: '额外权限数', value: (user) => user.permissions.length, width: 10 },
          { header: '状态', value: (user) => (user.disabled ? '停用' : '启用'), width: 8 },
          { header: '创建时间', value: (user) => user.createdAt, width: 20 },
        ],
      });
    },
  });

  app.route({
    ...routeOf(permissionEndpoints.createUser),
    config: { permission: EDIT },
    handler: async (request) => {
      const { username, roleIds, permissions = [], avatar = '' } = request.body;
      const name = requiredText(request.body.name, '姓名');
      const extra = checkedPermissions(permissions);
      return app.transaction(async (tx) => {
        const given = await checkedRoles(roleIds, tx);
        refuseEscalation(
          currentUser(request),
          NOTHING,
          effectiveAccess(given, extra),
          given.find((role) => role.isAdmin)?.name,
        );
        const user = await users.create({ username, name, avatar, roleIds, permissions: extra }, tx);
        if (!user) throw refused(409, `用户名「${username}」已存在，请换一个`);
        return answerUser(user.id, tx);
      });
    },
  });

  app.route({
    ...routeOf(permissionEndpoints.updateUser),
    config: { permission: EDIT },
    handler: async (request) => {
      const { id } = request.params;
      const { roleIds, permissions = [], avatar } = request.body;
      const name = requiredText(request.body.name, '姓名');
      const extra = checkedPermissions(permissions);
      return app.transaction(async (tx) => {
        const actor = currentUser(request);
        const user = await existingUser(id, tx);
        const newRoles = await checkedRoles(roleIds, tx);
        const stillAdmin = newRoles.some((role) => role.isAdmin);
        if (!stillAdmin) {
          const adminRole = (await roles.ofUser(user.id, tx)).find((role) => role.isAdmin);
          if (adminRole) await refuseAdminUnlessAdmin(actor, user, `移除其「${adminRole.name}」角色`, tx);
        }
        refuseEscalation(
          actor,
          await accessOf(user, tx),
          effectiveAccess(newRoles, extra),
          newRoles.find((role) => role.isAdmin)?.name,
        );
        await keepAnAdmin(user, stillAdmin, tx);
        await users.update(id, { name, avatar: avatar ?? user.avatar, roleIds, permissions: extra }, tx);
        return answerUser(id, tx);
      });
    },
  });

  app.route({
    ...routeOf(permissionEndpoints.disableUser),
    config: { permission: EDIT },
    handler: async (request) => {
      const { id } = request.params;
      const actor = currentUser(request);
      return app.transaction(async (tx) => {
        const user = await existingUser(id, tx);
        await refuseAdminUnlessAdmin(actor, user, '停用其账号', tx);
        // Before the refusal of one's own: any admin disabling another is an enabled admin himself, so the last
        // enabled admin can only be the actor, and he is told why he must stay.
        await keepAnAdmin(user, false, tx);
        if (id === actor.id) throw refused(409, '不能停用自己的账号');
        await users.setDisabled(id, true, tx);
        // Enabling the user again must not revive links that may have been passed on meanwhile.
        await tokens.revokeAllOf(id, tx);
        return answerUser(id, tx);
      });
    },
  });

  app.route({
    ...routeOf(permissionEndpoints.enableUser),
    config: { permission: EDIT },
    handler: async (request) =>
      app.transaction(async (tx) => {
        const { id } = request.params;
        await existingUser(id, tx);
        await users.setDisabled(id, false, tx);
        return answerUser(id, tx);
      }),
  });

  app.route({
    ...routeOf(permissionEndpoints.issueToken),
    config: { permission: EDIT },
    handler: async (request) => {
      const user = await existingUser(request.params.id, app.database.db);
      await refuseBeyondActor(currentUser(request), user, '为其生成登录链接');
      if (user.disabled) throw refused(409, `用户「${user.name}」已停用，请先启用再生成登录链接`);
      const { token, expiresAt } = await tokens.issue(user.id, tokenTtlHours);
      return ok({ token, url: `/?token=${encodeURIComponent(token)}`, expiresAt: expiresAt.toISOString() });
    },
  });

  app.route({
    ...routeOf(permissionEndpoints.revokeTokens),
    config: { permission: EDIT },
    handler: async (request) => {
      const user = await existingUser(request.params.id, app.database.db);
      // Ending a plain user's sign-ins takes nothing from anyone (a leaked link must be stoppable), but an
      // admin's only by an admin.
      await refuseAdminUnlessAdmin(currentUser(request), user, '注销其登录令牌');
      return ok({ revoked: await tokens.revokeAllOf(user.id) });
    },
  });

  app.route({
    ...routeOf(permissionEndpoints.roles),
    config: { permission: VIEW },
    handler: async () => ok(await roles.listWithHolders()),
  });

  app.route({
    ...routeOf(permissionEndpoints.exportRoles),
    config: { permission: VIEW },
    handler: async (_request, reply) =>
      sendXlsx(reply, {
        fileStem: 'roles',
        sheetName: '角色',
        rows: await roles.listWithHolders(),
        columns: [
          { header: '角色', value: (role) => role.name, width: 20 },
          { header: '全部权限', value: (role) => (role.isAdmin ? '是' : '否'), width: 10 },
          { header: '权限数', value: (role) => role.permissions.length, width: 8 },
          { header: '用户数', value: (role) => role.userCount, width: 8 },
        ],
      }),
  });

  /** An admin role holds everything the table declares, whatever was checked. */
  const rolePermissions = (role: Pick<Role, 'isAdmin'>, permissions: string[]) =>
    role.isAdmin ? [...routeIndex.permissions] : checkedPermissions(permissions);

  async function answerRole(id: number) {
    const role = (await roles.listWithHolders()).find((candidate) => candidate.id === id);
    if (!role) throw refused(404, '角色不存在或已被删除');
    return ok(role);
  }

  app.route({
    ...routeOf(permissionEndpoints.createRole),
    config: { permission: EDIT },
    handler: async (request) => {
      const name = requiredText(request.body.name, '角色名称');
      const permissions = rolePermissions({ isAdmin: false }, request.body.permissions);
      refuseEscalation(currentUser(request), NOTHING, { access: '', permissions });
      const role = await roles.create({ name, permissions });
      if (!role) throw refused(409, `角色名称「${name}」已存在，请换一个`);
      return answerRole(role.id);
    },
  });

  app.route({
    ...routeOf(permissionEndpoints.updateRole),
    config: { permission: EDIT },
    handler: async (request) => {
      const { id } = request.params;
      const name = requiredText(request.body.name, '角色名称');
      const existing = await roles.findById(id);
      if (!existing) throw refused(404, '角色不存在或已被删除');
      const permissions = rolePermissions(existing, request.body.permissions);
      refuseEscalation(
        currentUser(request),
        { access: '', permissions: existing.permissions },
        { access: '', permissions },
      );
      const result = await roles.update(id, { name, permissions });
      if (result === 'duplicate') throw refused(409, `角色名称「${name}」已存在，请换一个`);
      if (result === 'missing') throw refused(404, '角色不存在或已被删除');
      return answerRole(id);
    },
  });

  app.route({
    ...routeOf(permissionEndpoints.deleteRole),
    config: { permission: EDIT },
    handler: async (request) =>
      app.transaction(async (tx) => {
        const { id } = request.params;
        const role = await roles.findById(id, tx);
        if (!role) throw refused(404, '角色不存在或已被删除');
        const holders = await roles.holderCount(id, tx);
        if (holders > 0) throw refused(409, `角色「${role.name}」仍有 ${holders} 位用户，请先为他们移除该角色再删除`);
        await roles.remove(id, tx);
        return ok({ id });
      }),
  });

  app.route({
    ...routeOf(permissionEndpoints.tree),
    config: { permission: VIEW },
    handler: async () => ok(permissionTree()),
  });
};

export default permissionRoutes;
