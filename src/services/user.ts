import type { UserInfo } from '@contract/user';
import { call } from './http';

/** The signed-in user as the SPA keeps it (contract/user.ts). */
export type CurrentUser = UserInfo;

/** docs/original-console.md §7: POST /userinfo answers the signed-in user. */
export const fetchUserInfo = () => call('POST /userinfo');
