/**
 * 报警模板: templates with their items (always written together, items replaced whole), the equipment
 * types templates are written for, and what the evaluation compares — the equipment of a type with their
 * alarm points.
 */
import { and, asc, count, eq, getTableColumns, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Page, PageRequest } from '../../contract/http';
import type { TemplateFilters, TemplateVocabulary } from '../../contract/templates';
import type { Database, Executor } from '../db';
import {
  type AlarmTemplate,
  type AlarmTemplateItem,
  alarmPoints,
  alarmTemplateItems,
  alarmTemplates,
  alarmTypes,
  changeRequests,
  equipment,
  priorities,
  units,
} from '../db/schema';
import type { EquipmentSubject, EvaluatedPoint } from '../domain/templates/evaluation';
import type { SaveResult } from './dictionaries';
import { containsPattern, inBatches, isUniqueViolation, pageWindow } from './listing';

export type TemplateFields = Pick<AlarmTemplate, 'name' | 'equipmentType' | 'description'>;
export type TemplateItemFields = Omit<AlarmTemplateItem, 'id' | 'templateId' | 'sortOrder'>;

export interface TemplateSummary extends AlarmTemplate {
  itemCount: number;
  requiredCount: number;
}

export interface TemplateWithItems extends AlarmTemplate {
  items: AlarmTemplateItem[];
}

/** Whether a draft or pending change request refers to the template (delete is refused then). */
export async function templateInUse(id: number, tx: Executor): Promise<boolean> {
  const [row] = await tx
    .select({ id: changeRequests.id })
    .from(changeRequests)
    .where(
      and(
        eq(changeRequests.templateId, id),
        inArray(changeRequests.status, ['draft', 'pending']),
        isNull(changeRequests.archivedAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Items of the listed template; written out because drizzle leaves the outer column unqualified. */
const itemsOf = (requiredOnly: boolean) =>
  sql<number>`(select count(*)::int from alarm_template_items i
               where i.template_id = alarm_templates.id ${requiredOnly ? sql`and i.required` : sql``})`;

const summaryColumns = {
  ...getTableColumns(alarmTemplates),
  itemCount: itemsOf(false),
  requiredCount: itemsOf(true),
};

/** List and export order; the name is unique, the id only makes the keyset obviously total. */
const listOrder = [alarmTemplates.equipmentType, alarmTemplates.name, alarmTemplates.id];

function where(filters: TemplateFilters): SQL | undefined {
  const pattern = containsPattern(filters.keyword);
  const typePattern = containsPattern(filters.equipmentType);
  return and(
    pattern ? or(ilike(alarmTemplates.name, pattern), ilike(alarmTemplates.description, pattern)) : undefined,
    typePattern ? ilike(alarmTemplates.equipmentType, typePattern) : undefined,
  );
}

function after(last: TemplateSummary | undefined): SQL | undefined {
  if (!last) return undefined;
  return sql`(${sql.join(listOrder, sql`, `)}) > (${last.equipmentType}, ${last.name}, ${last.id})`;
}

export function createTemplatesRepository(db: Database) {
  const summaries = (tx: Executor, condition: SQL | undefined) =>
    tx
      .select(summaryColumns)
      .from(alarmTemplates)
      .where(condition)
      .orderBy(...listOrder.map((column) => asc(column)));

  async function insertItems(templateId: number, items: TemplateItemFields[], tx: Executor): Promise<void> {
    if (items.length === 0) return;
    await tx.insert(alarmTemplateItems).values(items.map((item, index) => ({ ...item, templateId, sortOrder: index })));
  }

  /** How many templates match: the page's total and the export's row count. */
  const countOf = async (filters: TemplateFilters, tx: Executor = db): Promise<number> => {
    const [{ total }] = await tx.select({ total: count() }).from(alarmTemplates).where(where(filters));
    return total;
  };

  return {
    count: countOf,
    async page(filters: TemplateFilters, page: PageRequest, tx: Executor = db): Promise<Page<TemplateSummary>> {
      const { limit, offset } = pageWindow(page);
      const list = await summaries(tx, where(filters)).limit(limit).offset(offset);
      return { list, total: await countOf(filters, tx), ...page };
    },

    /** Every matching template in list order, a batch at a time (exports). */
    rows(filters: TemplateFilters, tx: Executor = db): AsyncGenerator<TemplateSummary> {
      return inBatches<TemplateSummary>((last, limit) => summaries(tx, and(where(filters), after(last))).limit(limit));
    },

    async findById(id: number, tx: Executor = db): Promise<TemplateWithItems | undefined> {
      const [template] = await tx.select().from(alarmTemplates).where(eq(alarmTemplates.id, id));
      if (!template) return undefined;
      const items = await tx
        .select()
        .from(alarmTemplateItems)
        .where(eq(alarmTemplateItems.templateId, id))
        .orderBy(asc(alarmTemplateItems.sortOrder), asc(alarmTemplateItems.id));
      return { ...template, items };
    },

    /** Items keep the order given. */
    async create(
      fields: TemplateFields & { createdBy: string },
      items: TemplateItemFields[],
      tx: Executor,
    ): Promise<SaveResult<AlarmTemplate>> {
      const [row] = await tx
        .insert(alarmTemplates)
        .values({ ...fields, updatedBy: fields.createdBy })
        .onConflictDoNothing({ target: alarmTemplates.name })
        .returning();
      if (!row) return { ok: false, reason: 'duplicate' };
      await insertItems(row.id, items, tx);
      return { ok: true, row };
    },

    /** Replaces the template's fields and all its items. */
    async update(
      id: number,
      fields: TemplateFields & { updatedBy: string },
      items: TemplateItemFields[],
      tx: Executor,
    ): Promise<SaveResult<AlarmTemplate>> {
      const [clash] = await tx
        .select({ id: alarmTemplates.id })
        .from(alarmTemplates)
        .where(and(eq(alarmTemplates.name, fields.name), ne(alarmTemplates.id, id)));
      if (clash) return { ok: false, reason: 'duplicate' };
      try {
        const [row] = await tx
          .update(alarmTemplates)
          .set({ ...fields, updatedAt: new Date() })
          .where(eq(alarmTemplates.id, id))
          .returning();
        if (!row) return { ok: false, reason: 'missing' };
        await tx.delete(alarmTemplateItems).where(eq(alarmTemplateItems.templateId, id));
        await insertItems(id, items, tx);
        return { ok: true, row };
      } catch (error) {
        // Another writer took the name between the check and the update.
        if (isUniqueViolation(error)) return { ok: false, reason: 'duplicate' };
        throw error;
      }
    },

    async remove(id: number, tx: Executor = db): Promise<boolean> {
      const deleted = await tx
        .delete(alarmTemplates)
        .where(eq(alarmTemplates.id, id))
        .returning({ id: alarmTemplates.id });
      return deleted.length > 0;
    },

    inUse: templateInUse,

    /** The equipment types of the plant, for the template form's choice. */
    async equipmentTypes(tx: Executor = db): Promise<string[]> {
      const rows = await tx
        .selectDistinct({ type: equipment.equipmentType })
        .from(equipment)
        .where(ne(equipment.equipmentType, ''))
        .orderBy(asc(equipment.equipmentType));
      return rows.map((row) => row.type);
    },

    /** Templates to choose from on the evaluation page, in list order. */
    async choices(tx: Executor = db): Promise<Pick<AlarmTemplate, 'id' | 'name' | 'equipmentType'>[]> {
      return tx
        .select({ id: alarmTemplates.id, name: alarmTemplates.name, equipmentType: alarmTemplates.equipmentType })
        .from(alarmTemplates)
        .orderBy(...listOrder.map((column) => asc(column)));
    },

    /** The alarm types a template item may name and the priorities, with names and colours, in dictionary order. */
    async vocabulary(tx: Executor = db): Promise<TemplateVocabulary> {
      const conditions = await tx
        .select({ code: alarmTypes.code, name: alarmTypes.name, color: alarmTypes.color, enabled: alarmTypes.enabled })
        .from(alarmTypes)
        .orderBy(asc(alarmTypes.sortOrder), asc(alarmTypes.id));
      const priorityRows = await tx
        .select({ code: priorities.code, name: priorities.name, color: priorities.color })
        .from(priorities)
        .orderBy(asc(priorities.sortOrder), asc(priorities.id));
      return { conditions, priorities: priorityRows };
    },

    /** The codes among `codes` that name no alarm type. */
    async unknownConditions(codes: string[], tx: Executor = db): Promise<string[]> {
      if (codes.length === 0) return [];
      const known = await tx.select({ code: alarmTypes.code }).from(alarmTypes).where(inArray(alarmTypes.code, codes));
      return codes.filter((code) => !known.some((row) => row.code === code));
    },

    async units(tx: Executor = db): Promise<{ id: number; name: string }[]> {
      return tx.select({ id: units.id, name: units.name }).from(units).orderBy(asc(units.name));
    },

    /** The equipment of a type (optionally of one unit) with their alarm points, deleted points left out. */
    async equipmentOfType(
      equipmentType: string,
      unitId: number | undefined,
      tx: Executor = db,
    ): Promise<EquipmentSubject[]> {
      const found = await tx
        .select({ id: equipment.id, name: equipment.name, unitId: equipment.unitId, unit: units.name })
        .from(equipment)
        .innerJoin(units, eq(units.id, equipment.unitId))
        .where(
          and(
            eq(equipment.equipmentType, equipmentType),
            unitId === undefined ? undefined : eq(equipment.unitId, unitId),
          ),
        )
        .orderBy(asc(units.name), asc(equipment.name));
      if (found.length === 0) return [];
      const points = await tx
        .select({
          id: alarmPoints.id,
          tag: alarmPoints.tag,
          condition: alarmPoints.condition,
          limitValue: alarmPoints.limitValue,
          rangeLow: alarmPoints.rangeLow,
          rangeHigh: alarmPoints.rangeHigh,
          priority: alarmPoints.priority,
          deadband: alarmPoints.deadband,
          onDelaySeconds: alarmPoints.onDelaySeconds,
          offDelaySeconds: alarmPoints.offDelaySeconds,
          equipmentId: alarmPoints.equipmentId,
        })
        .from(alarmPoints)
        .where(
          and(
            inArray(
              alarmPoints.equipmentId,
              found.map((row) => row.id),
            ),
            eq(alarmPoints.deleted, false),
          ),
        )
        .orderBy(asc(alarmPoints.tag), asc(alarmPoints.condition));
      const byEquipment = new Map<number, EvaluatedPoint[]>(found.map((row) => [row.id, []]));
      for (const { equipmentId, ...point } of points) {
        if (equipmentId !== null) byEquipment.get(equipmentId)?.push(point);
      }
      return found.map((row) => ({ ...row, points: byEquipment.get(row.id) ?? [] }));
    },
  };
}

export type TemplatesRepository = ReturnType<typeof createTemplatesRepository>;
