import { history } from '@umijs/max';

/**
 * The one way to the 403 page. `from` names the page refused (the 403 page names it and the right it needs).
 * Already there, the address stays: a call refused after the guard's redirect must not replace its `from`.
 */
export function showForbidden(from?: string): void {
  if (history.location.pathname === '/403') return;
  history.push(from ? `/403?${new URLSearchParams({ from })}` : '/403');
}
