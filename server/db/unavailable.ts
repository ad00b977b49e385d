/**
 * Whether a failed query failed because the database could not be reached (PostgreSQL stopped,
 * restarting, failing over, the network cut) rather than because of the query: those requests answer
 * 503 「数据库暂不可用」, and service comes back by itself once the database does.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
]);
/** SQLSTATE class 08 (connection exception) and the server shutting down or starting (57P01–57P03). */
const UNAVAILABLE_STATE = /^08|^57P0[123]$/;
/** node-postgres ends a connection the server dropped with a plain Error of this text. */
const TERMINATED = /^Connection terminated/;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const { code } = cause as { code?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATE.test(code))) return true;
    if (TERMINATED.test(cause.message)) return true;
    // An AggregateError (a connection tried on several addresses) holds the network errors themselves.
    if (cause instanceof AggregateError && cause.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}
