/** The envelope of a successful answer (docs/api.md): `code` 0. */
export function ok<T>(data: T): { code: 0; msg: 'ok'; data: T } {
  return { code: 0, msg: 'ok', data };
}
