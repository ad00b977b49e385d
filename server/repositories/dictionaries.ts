/**
 * The base dictionaries (基础配置): alarm types and system types share one shape (unique code, name,
 * description, enabled) and one repository factory; priorities are four fixed codes with editable looks.
 */
import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { PriorityLook } from '../../contract/boards';
import type { DictionaryFilters } from '../../contract/dictionaries';
import type { Page, PageRequest } from '../../contract/http';
import type { Database, Executor } from '../db';
import { alarmPoints, alarmTypes, type PriorityRow, priorities, systemTypes } from '../db/schema';
import { containsPattern, inBatches, isUniqueViolation, pageWindow } from './listing';

export type AlarmTypeTable = typeof alarmTypes;
export type SystemTypeTable = typeof systemTypes;
export type CodedTable = AlarmTypeTable | SystemTypeTable;

/** Columns both coded tables have; queries below only touch these. */
const commonShape = (table: CodedTable) => table as unknown as typeof systemTypes;

export type SaveResult<Row> = { ok: true; row: Row } | { ok: false; reason: 'missing' | 'duplicate' };

/** Whether any alarm point of the library (deleted ones keep their history) has this value in `column`. */
async function pointsUse(column: AnyPgColumn, code: string, tx: Executor): Promise<boolean> {
  const [row] = await tx.select({ id: alarmPoints.id }).from(alarmPoints).where(eq(column, code)).limit(1);
  return row !== undefined;
}

/** An alarm type is used by the points whose `condition` is its code. */
export function alarmTypeInUse(code: string, tx: Executor): Promise<boolean> {
  return pointsUse(alarmPoints.condition, code, tx);
}

export function systemTypeInUse(code: string, tx: Executor): Promise<boolean> {
  return pointsUse(alarmPoints.systemType, code, tx);
}

interface CodedDictionaryOptions {
  /** List and export order; the last column must be unique (it is the keyset's tie-breaker). */
  orderBy: string[];
  inUse: (code: string, tx: Executor) => Promise<boolean>;
}

function createCodedDictionary<TTable extends CodedTable>(
  db: Database,
  table: TTable,
  options: CodedDictionaryOptions,
) {
  type Row = TTable['$inferSelect'];
  type Insert = Omit<TTable['$inferInsert'], 'id' | 'createdAt' | 'updatedAt'>;
  const t = commonShape(table);
  const columns = table as unknown as Record<string, AnyPgColumn>;
  const orderColumns = options.orderBy.map((name) => columns[name]);

  const where = (filters: DictionaryFilters): SQL | undefined => {
    const pattern = containsPattern(filters.keyword);
    return and(
      pattern ? or(ilike(t.code, pattern), ilike(t.name, pattern)) : undefined,
      filters.enabled === undefined ? undefined : eq(t.enabled, filters.enabled),
    );
  };

  /** Rows strictly after `last` in list order: `(a, b) > (x, y)` compares tuples in PostgreSQL. */
  const after = (last: Row | undefined): SQL | undefined => {
    if (!last) return undefined;
    const values = options.orderBy.map((name) => sql`${(last as Record<string, unknown>)[name]}`);
    return sql`(${sql.join(orderColumns, sql`, `)}) > (${sql.join(values, sql`, `)})`;
  };

  const select = (tx: Executor) => tx.select().from(t);

  /** How many rows match: the page's total and the export's row count. */
  const countOf = async (filters: DictionaryFilters, tx: Executor = db): Promise<number> => {
    const [{ total }] = await tx.select({ total: count() }).from(t).where(where(filters));
    return total;
  };

  return {
    count: countOf,
    inUse: options.inUse,

    async page(filters: DictionaryFilters, page: PageRequest, tx: Executor = db): Promise<Page<Row>> {
      const { limit, offset } = pageWindow(page);
      const list = await select(tx)
        .where(where(filters))
        .orderBy(...orderColumns.map((column) => asc(column)))
        .limit(limit)
        .offset(offset);
      return { list: list as Row[], total: await countOf(filters, tx), ...page };
    },

    /** Every matching row in list order, fetched a batch at a time. */
    rows(filters: DictionaryFilters, tx: Executor = db): AsyncGenerator<Row> {
      return inBatches<Row>(
        async (last, limit) =>
          (await select(tx)
            .where(and(where(filters), after(last)))
            .orderBy(...orderColumns.map((column) => asc(column)))
            .limit(limit)) as Row[],
      );
    },

    async findById(id: number, tx: Executor = db): Promise<Row | undefined> {
      const [row] = await select(tx).where(eq(t.id, id));
      return row as Row | undefined;
    },

    async create(input: Insert, tx: Executor = db): Promise<SaveResult<Row>> {
      const [row] = await tx
        .insert(t)
        .values(input as typeof systemTypes.$inferInsert)
        .onConflictDoNothing()
        .returning();
      return row ? { ok: true, row: row as Row } : { ok: false, reason: 'duplicate' };
    },

    async update(id: number, input: Insert, tx: Executor = db): Promise<SaveResult<Row>> {
      try {
        const [row] = await tx
          .update(t)
          .set({ ...(input as object), updatedAt: new Date() })
          .where(eq(t.id, id))
          .returning();
        return row ? { ok: true, row: row as Row } : { ok: false, reason: 'missing' };
      } catch (error) {
        if (isUniqueViolation(error)) return { ok: false, reason: 'duplicate' };
        throw error;
      }
    },

    async remove(id: number, tx: Executor = db): Promise<boolean> {
      const deleted = await tx.delete(t).where(eq(t.id, id)).returning({ id: t.id });
      return deleted.length > 0;
    },
  };
}

export type CodedDictionary<TTable extends CodedTable> = ReturnType<typeof createCodedDictionary<TTable>>;

export type PriorityPatch = Pick<PriorityRow, 'name' | 'color' | 'sortOrder'>;

export function createDictionariesRepository(db: Database) {
  return {
    alarmTypes: createCodedDictionary(db, alarmTypes, { orderBy: ['sortOrder', 'id'], inUse: alarmTypeInUse }),
    systemTypes: createCodedDictionary(db, systemTypes, { orderBy: ['id'], inUse: systemTypeInUse }),

    priorities: {
      async list(tx: Executor = db): Promise<PriorityRow[]> {
        return tx.select().from(priorities).orderBy(asc(priorities.sortOrder), asc(priorities.id));
      },

      /** How the boards draw the priorities: name, colour and target share of annunciations. */
      async looks(tx: Executor = db): Promise<PriorityLook[]> {
        const rows = await this.list(tx);
        return rows.map(({ code, name, color, targetShare }) => ({ code, name, color, targetShare }));
      },

      async update(id: number, patch: PriorityPatch, tx: Executor = db): Promise<PriorityRow | undefined> {
        const [row] = await tx
          .update(priorities)
          .set({ ...patch, updatedAt: new Date() })
          .where(eq(priorities.id, id))
          .returning();
        return row;
      },
    },
  };
}

export type DictionariesRepository = ReturnType<typeof createDictionariesRepository>;
