/** The signed-in user (`POST /userinfo`) and the server's health (`GET /health`). */
import { type Static, Type } from 'typebox';
import { endpoint } from './endpoint';
import { Access } from './permission';

export const UserInfo = Type.Object({
  username: Type.String(),
  name: Type.String(),
  /** The address the header shows: the stored path joined to AVATAR_BASE_URL. */
  avatar: Type.String(),
  access: Access,
  permission: Type.Array(Type.String()),
  /** PLANT_TZ: the SPA cuts board days at the plant's midnight. */
  plantTimeZone: Type.String(),
});
export type UserInfo = Static<typeof UserInfo>;

/** `status` is `down` (with HTTP 503) when the database does not answer. */
const Health = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('down')]),
  db: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
});

export const userEndpoints = {
  userinfo: endpoint('POST', '/userinfo', { response: UserInfo }),
  health: endpoint('GET', '/health', { response: Health }),
};
