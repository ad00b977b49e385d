import { addressWithout } from '../utils/query';
import {
  getToken,
  readPermissions,
  readPlantTimeZone,
  readUserName,
  setToken,
  storePermissions,
  storePlantTimeZone,
  storeUserName,
} from '../utils/session';
import type { CurrentUser } from './user';

export interface BootstrapDeps {
  location: Pick<Location, 'pathname' | 'search' | 'hash'>;
  fetchUser: () => Promise<CurrentUser>;
  goto: (path: string) => void;
  replaceAddress: (address: string) => void;
  isOnline: () => boolean;
}

/**
 * docs/original-console.md §4 start-up: on /403 load nothing; take the token from `?token=` or storage, save it, load
 * the user and save the permission list (and the plant's time zone); without a token go to /403. The
 * token then leaves the address bar so it stays out of history, bookmarks and screenshots. Offline, the
 * installed app opens with the permissions stored by the last start-up.
 */
export async function bootstrapSession(deps: BootstrapDeps): Promise<CurrentUser | undefined> {
  const { location } = deps;
  if (location.pathname === '/403') return undefined;
  const fromAddress = new URLSearchParams(location.search).get('token');
  const token = fromAddress || getToken();
  if (!token) {
    deps.goto('/403');
    return undefined;
  }
  setToken(token);
  if (fromAddress !== null) deps.replaceAddress(addressWithout('token', location));
  try {
    const user = await deps.fetchUser();
    storePermissions(user.permission);
    storeUserName(user.name);
    storePlantTimeZone(user.plantTimeZone);
    return user;
  } catch (error) {
    const stored = readPermissions();
    if (deps.isOnline() || !stored) throw error;
    return {
      username: '',
      name: readUserName(),
      avatar: '',
      access: '',
      permission: stored,
      plantTimeZone: readPlantTimeZone() ?? '',
    };
  }
}
