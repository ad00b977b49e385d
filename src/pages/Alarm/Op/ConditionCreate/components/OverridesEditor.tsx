/**
 * A condition's per-point overrides as an editable table: points of the unit are added by tag search;
 * each setting left empty keeps the point's base setting (shown as the placeholder). The rows live in
 * the page's state, so a refused save loses nothing.
 */

import { CHANGE_FIELD_LABELS } from '@common/moc';
import type { ChangeablePoint, ConditionOverride, ConditionOverrideInput, PointSettings } from '@contract/moc';
import type { ChangeField } from '@contract/vocabulary';
import { Space, Table, Typography } from 'antd';
import { removeColumn } from '@/components/moc/FormParts';
import { settingText } from '@/components/moc/format';
import PointPicker, { pointLabel } from '@/components/moc/PointPicker';
import { usePriorityNames } from '@/components/moc/priorities';
import SettingInput from '@/components/moc/SettingInput';
import { fetchConditionPoints } from '@/services/moc';

export interface OverrideRow extends ConditionOverrideInput {
  label: string;
  description: string;
  base: PointSettings;
}

export function rowFromOverride({ tag, condition, description, base, ...input }: ConditionOverride): OverrideRow {
  return { ...input, label: pointLabel({ tag, condition }), description, base };
}

function rowFromPoint(point: ChangeablePoint): OverrideRow {
  const { limitValue, priority, deadband, onDelaySeconds, offDelaySeconds, enabled } = point;
  return {
    pointId: point.id,
    label: pointLabel(point),
    description: point.description,
    base: { limitValue, priority, deadband, onDelaySeconds, offDelaySeconds, enabled },
    enabled: null,
    limitValue: null,
    priority: null,
    deadband: null,
    onDelaySeconds: null,
    offDelaySeconds: null,
  };
}

export const overrideInput = ({
  label: _l,
  description: _d,
  base: _b,
  ...input
}: OverrideRow): ConditionOverrideInput => input;

const FIELDS: ChangeField[] = ['enabled', 'limitValue', 'priority', 'deadband', 'onDelaySeconds', 'offDelaySeconds'];

export interface OverridesEditorProps {
  unitId?: number;
  rows: OverrideRow[];
  onChange: (rows: OverrideRow[]) => void;
}

export default function OverridesEditor({ unitId, rows, onChange }: OverridesEditorProps) {
  const priorities = usePriorityNames();
  const update = (pointId: number, patch: Partial<OverrideRow>) =>
    onChange(rows.map((row) => (row.pointId === pointId ? { ...row, ...patch } : row)));

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        <PointPicker
          key={unitId}
          search={fetchConditionPoints}
          unitId={unitId}
          disabled={unitId === undefined}
          excludeIds={rows.map((row) => row.pointId)}
          onPick={(point) => onChange([...rows, rowFromPoint(point)])}
        />
        <Typography.Text type="secondary">留空的设置沿用报警点的基准设置（灰色提示）</Typography.Text>
      </Space>
      <Table<OverrideRow>
        aria-label="工况设置"
        size="small"
        rowKey="pointId"
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: unitId === undefined ? '请先选择装置' : '尚未添加报警点：该工况下所有报警点沿用基准设置' }}
        columns={[
          {
            title: '报警点',
            key: 'point',
            fixed: 'left',
            render: (_, row) => (
              <>
                <div>{row.label}</div>
                <Typography.Text type="secondary">{row.description}</Typography.Text>
              </>
            ),
          },
          ...FIELDS.map((field) => ({
            title: field === 'enabled' ? '启用/抑制' : CHANGE_FIELD_LABELS[field],
            key: field,
            width: field === 'enabled' ? 110 : 120,
            render: (_: unknown, row: OverrideRow) => (
              <SettingInput
                field={field}
                value={row[field]}
                label={`${row.label} ${CHANGE_FIELD_LABELS[field]}`}
                allowEmpty
                disabledLabel="抑制"
                placeholder={`基准 ${settingText(field, row.base[field], priorities)}`}
                onChange={(value) => update(row.pointId, { [field]: value })}
              />
            ),
          })),
          removeColumn<OverrideRow>((row) => onChange(rows.filter((other) => other.pointId !== row.pointId))),
        ]}
      />
    </Space>
  );
}
