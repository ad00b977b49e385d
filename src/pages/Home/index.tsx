/**
 * 首页 (`/`): the first page of the menu the user may open, which is not the overview for everyone; with none
 * at all, the 403 page, which says so.
 */
import { Navigate, useAccess } from '@umijs/max';

export default function Home() {
  const { home } = useAccess();
  return <Navigate to={home ?? '/403'} replace />;
}
