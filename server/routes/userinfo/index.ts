/** The signed-in user and the permissions the SPA shapes its menu and actions with (seed §3). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { envelope } from '../../../contract/http';
import { currentUser } from '../../plugins/authentication';
import { ok } from '../reply';

const UserInfo = Type.Object({
  username: Type.String(),
  name: Type.String(),
  /** The address the header shows: the stored path joined to AVATAR_BASE_URL. */
  avatar: Type.String(),
  access: Type.Union([Type.Literal('admin'), Type.Literal('')]),
  permission: Type.Array(Type.String()),
  /** PLANT_TZ: the SPA cuts board days at the plant's midnight. */
  plantTimeZone: Type.String(),
});

/** A stored avatar path joined to the avatar base address; absolute addresses are kept. */
export function avatarAddress(avatar: string, base: string | undefined): string {
  if (!avatar || !base || /^(https?:|data:)/.test(avatar)) return avatar;
  return `${base.replace(/\/+$/, '')}/${avatar.replace(/^\/+/, '')}`;
}

const userinfoRoutes: FastifyPluginAsyncTypebox<{ avatarBaseUrl?: string }> = async (app, { avatarBaseUrl }) => {
  app.post(
    '/userinfo',
    { config: { permission: 'authenticated' }, schema: { response: { 200: envelope(UserInfo) } } },
    async (request) => {
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
  );
};

export default userinfoRoutes;
