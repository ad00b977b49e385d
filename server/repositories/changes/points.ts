/**
 * The alarm points change requests name: the search of the change forms, and the points' settings and
 * versions now, which a request captures when saved and compares when submitted and applied.
 */
import { sql } from 'drizzle-orm';
import { unchangedItemProblems } from '../../../common/mocValidation';
import type { Page, PageRequest } from '../../../contract/http';
import type { ChangeablePoint, PointFilters, PointSettings } from '../../../contract/moc';
import type { Executor } from '../../db';
import type { PointNow } from '../../domain/changes/items';
import { type ConditionsRepository, POINT_SETTINGS } from '../conditions';
import { pageWindow } from '../listing';
import { arrayParam, queryRows } from '../raw-sql';
import type { ChangeInput } from './types';

export interface PointCapture extends PointNow {
  id: number;
  settings: PointSettings;
}

/** The points of `ids` as they are now, by id; `lock` holds them for the transaction (an application). */
export async function pointsNow(ids: number[], tx: Executor, lock = false): Promise<Map<number, PointCapture>> {
  if (!ids.length) return new Map();
  const rows = await queryRows<PointCapture>(
    tx,
    sql`select p.id, p.tag, p.condition, p.version, p.deleted, ${POINT_SETTINGS} as settings from alarm_points p
        where p.id = any(${arrayParam([...new Set(ids)])}::int[]) order by p.id ${lock ? sql`for update` : sql``}`,
  );
  return new Map(rows.map((row) => [row.id, row]));
}

export function createChangePointQueries(db: Executor, conditions: ConditionsRepository) {
  return {
    pointsNow,

    /** Points to pick for a change or an override, by tag prefix and unit, in tag order. */
    async points(query: PointFilters, page: PageRequest, tx: Executor = db): Promise<Page<ChangeablePoint>> {
      const { limit, offset } = pageWindow(page);
      const parts = [sql`not p.deleted`];
      const tag = query.tag?.trim();
      if (tag) parts.push(sql`upper(p.tag) like ${`${tag.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
      if (query.unitId !== undefined) parts.push(sql`p.unit_id = ${query.unitId}`);
      const where = sql.join(parts, sql` and `);
      const list = await queryRows<ChangeablePoint>(
        tx,
        sql`select p.id, p.tag, p.condition, p.description, p.unit_id as "unitId", u.name as unit, e.name as equipment,
              p.engineering_unit as "engineeringUnit", p.version, p.limit_value as "limitValue", p.priority, p.deadband,
              p.on_delay_seconds as "onDelaySeconds", p.off_delay_seconds as "offDelaySeconds", p.enabled
            from alarm_points p left join units u on u.id = p.unit_id left join equipment e on e.id = p.equipment_id
            where ${where} order by p.tag, p.condition limit ${limit} offset ${offset}`,
      );
      const [{ total }] = await queryRows<{ total: number }>(
        tx,
        sql`select count(*)::int as total from alarm_points p where ${where}`,
      );
      return { list, total, ...page };
    },

    /** What is wrong with the request's points or proposal against the plant now. */
    async inputProblems(input: ChangeInput, tx: Executor = db): Promise<string[]> {
      if (input.condition) return conditions.proposalProblems(input.condition, tx);
      const points = await pointsNow(
        input.items.map((item) => item.pointId),
        tx,
      );
      const missing = input.items
        .filter((item) => !points.get(item.pointId) || points.get(item.pointId)?.deleted)
        .map((item) => `报警点 #${item.pointId} 不存在或已被删除`);
      const unchanged = unchangedItemProblems(
        input.items.map(({ pointId, field, after }) => {
          const point = points.get(pointId);
          const now =
            point && !point.deleted
              ? { point: `${point.tag} / ${point.condition}`, value: point.settings[field] }
              : undefined;
          return { field, after, now };
        }),
      );
      return [...missing, ...unchanged];
    },
  };
}
