/**
 * 报警响应手册 (the alarm response manual): the enabled alarm points of one console or one unit, in manual
 * order — unit, equipment (points without either last), tag, condition — with the names the manual prints.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { ManualEntry } from '../../contract/manual';
import type { Database, Executor } from '../db';
import { inBatches } from './listing';
import { queryJsonRows, queryRows } from './raw-sql';

/** The manual of a console or of a unit, by its row. */
export interface ManualScope {
  kind: 'console' | 'unit';
  id: number;
  name: string;
}

const scopeWhere = (scope: ManualScope) =>
  scope.kind === 'console' ? sql`p.console_id = ${scope.id}` : sql`p.unit_id = ${scope.id}`;

/** Manual order as one row value, so that a batch starts after the last entry of the one before. */
const ORDER_KEY = sql.raw(
  `(u.name is null, coalesce(u.name, ''), e.name is null, coalesce(e.name, ''), p.tag, p.condition)`,
);

const keyOf = (entry: ManualEntry) => [
  entry.unit === null,
  entry.unit ?? '',
  entry.equipment === null,
  entry.equipment ?? '',
  entry.tag,
  entry.condition,
];

function entriesAfter(tx: Executor, scope: ManualScope, last: ManualEntry | undefined, limit: number) {
  const after: SQL = last
    ? sql`and ${ORDER_KEY} > (${sql.join(
        keyOf(last).map((value) => sql`${value}`),
        sql`, `,
      )})`
    : sql``;
  return queryJsonRows<ManualEntry>(
    tx,
    sql`select p.id, u.name as unit, e.name as equipment, c.name as console, p.tag, p.condition,
          coalesce(t.name, p.condition) as "conditionName", p.description, p.limit_value as "limitValue",
          p.engineering_unit as "engineeringUnit", p.priority, coalesce(r.name, p.priority) as "priorityName",
          p.cause, p.consequence, p.operator_response as "operatorResponse",
          p.max_response_minutes as "maxResponseMinutes"
        from alarm_points p left join units u on u.id = p.unit_id left join equipment e on e.id = p.equipment_id
          left join consoles c on c.id = p.console_id left join alarm_types t on t.code = p.condition
          left join priorities r on r.code = p.priority
        where not p.deleted and p.enabled and ${scopeWhere(scope)} ${after}
        order by ${ORDER_KEY} limit ${limit}`,
  );
}

export function createManualRepository(db: Database) {
  return {
    /** The console or unit of that name; undefined when there is none. */
    async scope(kind: ManualScope['kind'], name: string, tx: Executor = db): Promise<ManualScope | undefined> {
      const table = sql.raw(kind === 'console' ? 'consoles' : 'units');
      const [row] = await queryRows<{ id: number }>(tx, sql`select id from ${table} where name = ${name}`);
      return row && { kind, id: row.id, name };
    },

    /** How many entries the manual has. */
    async count(scope: ManualScope, tx: Executor = db): Promise<number> {
      const [{ total }] = await queryRows<{ total: number }>(
        tx,
        sql`select count(*)::int as total from alarm_points p where not p.deleted and p.enabled and ${scopeWhere(scope)}`,
      );
      return total;
    },

    /** The units and consoles the manual's entries belong to, by name. */
    async covers(scope: ManualScope, tx: Executor = db): Promise<{ units: string[]; consoles: string[] }> {
      const names = (table: 'units' | 'consoles', column: 'unit_id' | 'console_id') =>
        queryRows<{ name: string }>(
          tx,
          sql`select x.name from ${sql.raw(table)} x where exists (select 1 from alarm_points p
                where p.${sql.raw(column)} = x.id and not p.deleted and p.enabled and ${scopeWhere(scope)})
              order by x.name`,
        );
      const [units, consoles] = [await names('units', 'unit_id'), await names('consoles', 'console_id')];
      return { units: units.map((row) => row.name), consoles: consoles.map((row) => row.name) };
    },

    /** Every entry in manual order, a batch at a time. */
    entries(scope: ManualScope, tx: Executor = db): AsyncGenerator<ManualEntry> {
      return inBatches<ManualEntry>((last, limit) => entriesAfter(tx, scope, last, limit));
    },
  };
}

export type ManualRepository = ReturnType<typeof createManualRepository>;
