/** The signed-in user and the permissions the SPA shapes its menu and actions with (docs/original-console.md §3). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { userEndpoints } from '../../../contract/user';
import { currentUser } from '../../plugins/authentication';
import { routeOf } from '../endpoint';
import { ok } from '../reply';

/** A stored avatar path joined to the avatar base address; absolute addresses are kept. */
export function avatarAddress(avatar: string, base: string | undefined): string {
  if (!avatar || !base || /^(https?:|data:)/.test(avatar)) return avatar;
  return `${base.replace(/\/+$/, '')}/${avatar.replace(/^\/+/, '')}`;
}

const userinfoRoutes: FastifyPluginAsyncTypebox<{ avatarBaseUrl?: string }> = async (app, { avatarBaseUrl }) => {
  app.route({
    ...routeOf(userEndpoints.userinfo),
    config: { permission: 'authenticated' },
    handler: async (request) => {
      const { username, name, avatar, access, permissions } = currentUser(request);
      return ok({
        username,
        name,
        avatar: avatarAddress(avatar, avatarBaseUrl),
        access,
        permission: permissions,
        plantTimeZone: app.plantTimeZone,
      });
    },
  });
};

export default userinfoRoutes;
