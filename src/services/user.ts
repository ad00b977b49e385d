import { request } from '@umijs/max';

export interface CurrentUser {
  username: string;
  name: string;
  avatar: string;
  access: string;
  permission: string[];
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
