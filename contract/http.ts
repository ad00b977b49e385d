/**
 * The conventions every endpoint shares (docs/api.md): the response envelope, paged lists, ids and the
 * field shapes several areas use. TypeBox schemas: the server validates with them, the SPA takes their
 * types.
 */
import { type Static, type TSchema, Type } from 'typebox';

/** The response envelope of every JSON endpoint: `code` 0 is success. */
export function envelope<T extends TSchema>(data: T) {
  return Type.Object({ code: Type.Integer(), msg: Type.String(), data });
}

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/**
 * A value or null. Fastify's Ajv coerces types: in a union it would turn null into 0 in a number branch
 * tried first, or 0 and false into null in a null branch tried first. One type list coerces nothing that
 * already has one of the listed types, and an enum coerces nothing; other unions stay unions, null first.
 */
export function Nullable<T extends TSchema>(schema: T) {
  const { type, enum: values } = schema as { type?: unknown; enum?: unknown[] };
  if (typeof type === 'string') {
    return Type.Unsafe<Static<T> | null>({
      ...schema,
      type: [type, 'null'],
      ...(Array.isArray(values) ? { enum: [...values, null] } : {}),
    });
  }
  if (Array.isArray(values)) return Type.Unsafe<Static<T> | null>({ ...schema, enum: [...values, null] });
  return Type.Union([Type.Null(), schema]);
}

/** Ids and versions are PostgreSQL `integer` columns: a larger number could only fail inside the database. */
export const MAX_INTEGER = 2_147_483_647;
export const Id = Type.Integer({ minimum: 1, maximum: MAX_INTEGER });

export const IdParams = Type.Object({ id: Id });

/** A colour as the colour picker hands it over: `#rrggbb`, or `#rrggbbaa` with alpha. */
export const Color = Type.String({ pattern: '^#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$', maxLength: 9 });

export const Timestamp = Type.String({ format: 'date-time' });

/** Paged lists: `current`, `pageSize` ≤ 200 in, `{list, total, current, pageSize}` out. */
export const MAX_PAGE_SIZE = 200;

/**
 * A field the server fills in when a request leaves it out: required in what the server reads, optional
 * in what a caller sends (contract/endpoint.ts, `Input`).
 */
export function withDefault<T extends TSchema>(schema: T, value: Static<T>): T & { default: Static<T> } {
  // A copy with TypeBox's own (non-enumerable) markers kept.
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(schema)) as T & { default: Static<T> };
  copy.default = value;
  return copy;
}

/** Spread into a list's query schema beside its own filters. */
export const pageQueryProperties = {
  current: withDefault(Type.Integer({ minimum: 1, maximum: MAX_INTEGER }), 1),
  pageSize: withDefault(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE }), 20),
};

export interface PageRequest {
  current: number;
  pageSize: number;
}

export interface Page<T> extends PageRequest {
  list: T[];
  total: number;
}

/**
 * One problem of an uploaded file (the journal and alarm-library imports are all or nothing): its row
 * (1 = the header), the column's header or '' for the whole row, and what is wrong.
 */
export const ImportError = Type.Object({ row: Type.Integer(), column: Type.String(), message: Type.String() });
export type ImportError = Static<typeof ImportError>;

export function pageOf<T extends TSchema>(item: T) {
  return Type.Object({
    list: Type.Array(item),
    total: Type.Integer(),
    current: Type.Integer(),
    pageSize: Type.Integer(),
  });
}
