/**
 * Pages whose first GETs leave at start-up, with the signed-in user's, rather than after the layout and the
 * page have rendered: each preloads them (SWR's `preload`, services/get) under the keys its page reads
 * them with. Each loads only its client module, by the path it opens on.
 */
import { matchRoute, permissionString } from '@common/routes';
import { getToken, hasPermission } from '@/utils/session';
import { openingPath } from '@/utils/startRoute';

type FirstView = () => Promise<{ preloadFirstView: (search: URLSearchParams) => unknown }>;

const FIRST_VIEWS: Record<string, FirstView> = {
  '/alarm/board/over': () => import('@/services/boards'),
  '/alarm/bases/list': () => import('@/services/library'),
};

export function preloadFirstViewData(location: Pick<Location, 'pathname' | 'search'>): void {
  // A redirect of the route table, or 首页, opens another page, leaving the address query behind.
  const path = matchRoute(location.pathname)?.redirect ?? openingPath(location.pathname);
  const firstView = FIRST_VIEWS[path];
  // Without a token start-up goes to /403; without the page's right (as the last start-up stored it) the
  // server would refuse every GET before the guard sends the user to /403.
  if (!firstView || !getToken() || !hasPermission(permissionString(path, 'view'))) return;
  const search = new URLSearchParams(path === location.pathname ? location.search : '');
  firstView().then(
    ({ preloadFirstView }) => preloadFirstView(search),
    // The page fetches its code and data itself.
    () => undefined,
  );
}
