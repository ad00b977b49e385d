import { canOpenRoute, firstPermittedPage } from '@common/routes';
import type { AppRoute } from '../config/routes';
import type { CurrentUser } from './services/user';

/**
 * Access flags for `useAccess` / `<Access>`: `can(permission)`, the seed's `canAdmin`, and `isCurrentUser` for
 * what only its owner may do (a change request's draft belongs to its initiator), and `home`, the first page of the
 * menu the user may open.
 */
export default function access(initialState: { currentUser?: CurrentUser } | undefined) {
  const permissions = initialState?.currentUser?.permission ?? [];
  return {
    canAdmin: initialState?.currentUser?.access === 'admin',
    can: (permission: string) => permissions.includes(permission),
    isCurrentUser: (username: string) => initialState?.currentUser?.username === username,
    canOpenRoute: (route: AppRoute) => canOpenRoute(route, permissions),
    home: firstPermittedPage(permissions),
  };
}
