/** The signed-in user and the permissions the SPA shapes its menu and actions with (seed §3). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { currentUser } from '../../plugins/authentication';
import { envelope, ok } from '../../schemas/envelope';

const UserInfo = Type.Object({
  username: Type.String(),
  name: Type.String(),
  avatar: Type.String(),
  access: Type.Union([Type.Literal('admin'), Type.Literal('')]),
  permission: Type.Array(Type.String()),
});

const userinfoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/userinfo',
    { config: { permission: 'authenticated' }, schema: { response: { 200: envelope(UserInfo) } } },
    async (request) => {
      const { username, name, avatar, access, permissions } = currentUser(request);
      return ok({ username, name, avatar, access, permission: permissions });
    },
  );
};

export default userinfoRoutes;
