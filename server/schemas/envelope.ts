import { type TSchema, Type } from 'typebox';

/** The response envelope of every JSON endpoint: `code` 0 is success. */
export function envelope<T extends TSchema>(data: T) {
  return Type.Object({ code: Type.Integer(), msg: Type.String(), data });
}

export function ok<T>(data: T): { code: 0; msg: 'ok'; data: T } {
  return { code: 0, msg: 'ok', data };
}
