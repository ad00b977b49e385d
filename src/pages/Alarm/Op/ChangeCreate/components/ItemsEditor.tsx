/**
 * The items of a point change as an editable table: per row the point, the setting, its current value
 * and the target value beside it. Points are added by tag search; a point may be added again for another
 * setting. The rows live in the page's state, so a refused save loses nothing.
 */

import { CHANGE_FIELD_LABELS } from '@common/moc';
import type { ChangeablePoint, ChangeItem, PointSettings, SettingValue } from '@contract/moc';
import { CHANGE_FIELDS, type ChangeField } from '@contract/vocabulary';
import { Select, Space, Table, Typography } from 'antd';
import { removeColumn } from '@/components/moc/FormParts';
import { settingText } from '@/components/moc/format';
import PointPicker, { pointLabel } from '@/components/moc/PointPicker';
import { usePriorityNames } from '@/components/moc/priorities';
import SettingInput from '@/components/moc/SettingInput';
import { fetchChangeablePoints } from '@/services/moc';

export interface ItemRow {
  key: string;
  pointId: number;
  label: string;
  description: string;
  /** The point's settings now, where known (a reopened draft knows only its item's setting). */
  current: Partial<PointSettings>;
  field: ChangeField;
  after: SettingValue;
}

let created = 0;
const newKey = () => `item-${++created}`;

export function rowFromItem(item: ChangeItem): ItemRow {
  return {
    key: newKey(),
    pointId: item.pointId,
    label: pointLabel(item),
    description: item.description,
    current: { [item.field]: item.current },
    field: item.field,
    after: item.after,
  };
}

/** A picked point as a new row for its first setting not yet in the change, starting from its current value. */
function rowFromPoint(point: ChangeablePoint, rows: ItemRow[]): ItemRow | undefined {
  const used = rows.filter((row) => row.pointId === point.id).map((row) => row.field);
  const field = CHANGE_FIELDS.find((candidate) => !used.includes(candidate));
  if (!field) return undefined;
  const { limitValue, priority, deadband, onDelaySeconds, offDelaySeconds, enabled } = point;
  const current = { limitValue, priority, deadband, onDelaySeconds, offDelaySeconds, enabled };
  return {
    key: newKey(),
    pointId: point.id,
    label: pointLabel(point),
    description: point.description,
    current,
    field,
    after: current[field],
  };
}

const known = (row: ItemRow, field: ChangeField) => field in row.current;

export interface ItemsEditorProps {
  rows: ItemRow[];
  onChange: (rows: ItemRow[]) => void;
}

export default function ItemsEditor({ rows, onChange }: ItemsEditorProps) {
  const priorities = usePriorityNames();
  const update = (key: string, patch: Partial<ItemRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  const add = (point: ChangeablePoint) => {
    const row = rowFromPoint(point, rows);
    if (row) onChange([...rows, row]);
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <PointPicker search={fetchChangeablePoints} onPick={add} />
      <Table<ItemRow>
        aria-label="变更项"
        size="small"
        rowKey="key"
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: '尚未添加变更项：在上方输入位号搜索报警点' }}
        columns={[
          { title: '序号', key: 'index', width: 60, render: (_, _row, index) => index + 1 },
          {
            title: '报警点',
            key: 'point',
            render: (_, row) => (
              <>
                <div>{row.label}</div>
                <Typography.Text type="secondary">{row.description}</Typography.Text>
              </>
            ),
          },
          {
            title: '修改项',
            key: 'field',
            width: 150,
            render: (_, row, index) => (
              <Select<ChangeField>
                aria-label={`第 ${index + 1} 项修改项`}
                style={{ width: '100%' }}
                value={row.field}
                onChange={(field) => update(row.key, { field, after: row.current[field] ?? null })}
                options={CHANGE_FIELDS.filter((field) => field === row.field || known(row, field)).map((field) => ({
                  value: field,
                  label: CHANGE_FIELD_LABELS[field],
                }))}
              />
            ),
          },
          {
            title: '当前值',
            key: 'current',
            width: 110,
            render: (_, row) =>
              known(row, row.field) ? settingText(row.field, row.current[row.field] ?? null, priorities) : '—',
          },
          {
            title: '目标值',
            key: 'after',
            width: 160,
            render: (_, row, index) => (
              <SettingInput
                field={row.field}
                value={row.after}
                label={`第 ${index + 1} 项目标值`}
                placeholder="无"
                onChange={(after) => update(row.key, { after })}
              />
            ),
          },
          removeColumn<ItemRow>((row) => onChange(rows.filter((other) => other.key !== row.key))),
        ]}
      />
    </Space>
  );
}
