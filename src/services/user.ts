import { request } from '@umijs/max';

export interface CurrentUser {
  username: string;
  name: string;
  /** The avatar's address, joined by the server to its AVATAR_BASE_URL; empty when the user has none. */
  avatar: string;
  access: string;
  permission: string[];
  /** PLANT_TZ of the server: the boards cut days at the plant's midnight. */
  plantTimeZone: string;
}

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** Seed §7: POST /userinfo answers the signed-in user. */
export async function fetchUserInfo(): Promise<CurrentUser> {
  const body = await request<Envelope<CurrentUser>>('/userinfo', { method: 'POST' });
  return body.data;
}
