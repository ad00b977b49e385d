/**
 * The names the page and the service worker share about kept API answers (docs/architecture.md, "Offline"),
 * apart from the worker's code so that the page's first load carries only these.
 */

/** Every user's cache is named with this prefix and a digest of their bearer token. */
export const API_CACHE_PREFIX = 'api-data-';

/** Set by the worker on the copy it keeps: when the server gave that answer. Absent on a network answer. */
export const FETCHED_AT_HEADER = 'x-fetched-at';
