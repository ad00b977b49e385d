/** Field schemas and checks that several routes share, with the Chinese messages people see. */
import { type Static, type TSchema, Type } from 'typebox';
import { refused } from '../errors';

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

/** The text trimmed; refused with "<label>不能为空" when nothing is left. */
export function requiredText(value: string, label: string): string {
  const trimmed = value.trim();
  if (!trimmed) throw refused(400, `${label}不能为空`);
  return trimmed;
}
