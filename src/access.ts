import { canOpenRoute } from '@common/routes';
import type { AppRoute } from '../config/routes';
import type { CurrentUser } from './services/user';

/** Access flags for `useAccess` / `<Access>`: `can(permission)` and the seed's `canAdmin`. */
export default function access(initialState: { currentUser?: CurrentUser } | undefined) {
  const permissions = initialState?.currentUser?.permission ?? [];
  return {
    canAdmin: initialState?.currentUser?.access === 'admin',
    can: (permission: string) => permissions.includes(permission),
    canOpenRoute: (route: AppRoute) => canOpenRoute(route, permissions),
  };
}
