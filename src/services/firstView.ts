/**
 * Pages whose first GETs leave at start-up, with the signed-in user's, rather than after the layout and the
 * page have rendered (services/sentAhead). Each loads only its service module, by the path it opens on.
 */
import { getToken } from '@/utils/session';

type FirstView = () => Promise<{ sendFirstView: (search: URLSearchParams) => void }>;

const overview: FirstView = () => import('@/pages/Alarm/Board/Over/service');

const FIRST_VIEWS: Record<string, FirstView> = {
  '/alarm/board/over': overview,
  // The start page redirects there, leaving its address query behind.
  '/': overview,
};

export function sendFirstViewAhead(location: Pick<Location, 'pathname' | 'search'>): void {
  const firstView = FIRST_VIEWS[location.pathname];
  // Without a token start-up goes to /403.
  if (!firstView || !getToken()) return;
  const search = new URLSearchParams(location.pathname === '/' ? '' : location.search);
  firstView().then(
    ({ sendFirstView }) => sendFirstView(search),
    // The page fetches its code and data itself.
    () => undefined,
  );
}
