/**
 * Items of a change request against the alarm points they change: the setting a field names, conflict
 * detection (the point moved since the request captured it), the patch applying them, and the items a
 * template evaluation's deviations call for.
 */

import type { ChangeConflict, ChangeItemInput, PointSettings, SettingValue } from '../../../contract/moc';
import type { Deviation } from '../../../contract/templates';
import type { ChangeField } from '../../../contract/vocabulary';
import { CHANGE_FIELDS } from '../../../contract/vocabulary';

export function settingOf(point: PointSettings, field: ChangeField): SettingValue {
  return point[field];
}

export interface CapturedItem {
  id: number;
  pointId: number;
  field: ChangeField;
  after: SettingValue;
  pointVersion: number;
}

export interface PointNow {
  tag: string;
  condition: string;
  version: number;
  deleted: boolean;
}

/** The items whose point is gone or has another version than when the request captured it. */
export function itemConflicts(items: readonly CapturedItem[], points: ReadonlyMap<number, PointNow>): ChangeConflict[] {
  const conflicts: ChangeConflict[] = [];
  for (const item of items) {
    const point = points.get(item.pointId);
    const subject = {
      itemId: item.id,
      pointId: item.pointId,
      tag: point?.tag ?? null,
      condition: point?.condition ?? null,
    };
    if (!point || point.deleted) {
      conflicts.push({ ...subject, message: '报警点已被删除' });
    } else if (point.version !== item.pointVersion) {
      conflicts.push({
        ...subject,
        message: `报警点 ${point.tag} / ${point.condition} 在申请后已被修改（申请时版本 ${item.pointVersion}，当前版本 ${point.version}）`,
      });
    }
  }
  return conflicts;
}

/** The items per point as one patch each, with the version they were captured at. */
export function patchesByPoint(
  items: readonly CapturedItem[],
): Map<number, { version: number; patch: Partial<Record<ChangeField, SettingValue>> }> {
  const patches = new Map<number, { version: number; patch: Partial<Record<ChangeField, SettingValue>> }>();
  for (const item of items) {
    const entry = patches.get(item.pointId) ?? { version: item.pointVersion, patch: {} };
    entry.patch[item.field] = item.after;
    patches.set(item.pointId, entry);
  }
  return patches;
}

const isChangeField = (field: string | null): field is ChangeField =>
  field !== null && (CHANGE_FIELDS as readonly string[]).includes(field);

/**
 * The items that bring points to their template: one per `different` deviation (the template's value as
 * the target). Missing and extra alarms and incomparable limits are not setting changes: they are counted.
 */
export function itemsFromDeviations(deviations: readonly Deviation[]): {
  items: ChangeItemInput[];
  skipped: { missing: number; extra: number; noRange: number };
} {
  const skipped = { missing: 0, extra: 0, noRange: 0 };
  const items: ChangeItemInput[] = [];
  for (const deviation of deviations) {
    if (deviation.kind === 'different' && deviation.pointId !== null && isChangeField(deviation.field)) {
      items.push({ pointId: deviation.pointId, field: deviation.field, after: deviation.expected });
    } else if (deviation.kind !== 'different') {
      skipped[deviation.kind] += 1;
    }
  }
  return { items, skipped };
}
