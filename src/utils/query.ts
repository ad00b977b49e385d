/** Reads a query-string parameter of the current location (or of the given search string). */
export function getQueryParam(name: string, search: string = window.location.search): string | null {
  return new URLSearchParams(search).get(name);
}

/** The current address without the given parameter, for `history.replaceState`. */
export function addressWithout(name: string, location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  const params = new URLSearchParams(location.search);
  params.delete(name);
  const query = params.toString();
  return `${location.pathname}${query ? `?${query}` : ''}${location.hash}`;
}
