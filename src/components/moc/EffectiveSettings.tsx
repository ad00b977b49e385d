/**
 * An alarm point's setting under each operating condition of its unit: the base setting, then per
 * condition the effective value, with the values the condition overrides marked.
 */

import { CHANGE_FIELD_LABELS } from '@common/moc';
import type { PointEffectiveSettings } from '@contract/moc';
import { CHANGE_FIELDS } from '@contract/vocabulary';
import { useRequest } from 'ahooks';
import { Result, Skeleton, Table, Tag } from 'antd';
import { fetchEffectiveSettings } from '@/services/moc';
import { failureMessage } from '@/utils/requestFailure';
import { settingText } from './format';
import { usePriorityNames } from './priorities';

type Row = PointEffectiveSettings['conditions'][number];

export default function EffectiveSettings({ pointId }: { pointId: number }) {
  const { data, error } = useRequest(() => fetchEffectiveSettings(pointId), { refreshDeps: [pointId] });
  const priorities = usePriorityNames();
  if (error) return <Result status="warning" title="工况设置加载失败" subTitle={failureMessage(error)} />;
  if (!data) return <Skeleton active />;
  const base: Row = { conditionId: 0, name: '基准设置', active: false, override: null, effective: data.base };
  return (
    <Table<Row>
      aria-label="各工况下的设置"
      size="small"
      rowKey="conditionId"
      pagination={false}
      dataSource={[base, ...data.conditions]}
      footer={() => (data.conditions.length ? '橙色为该工况覆盖的设置' : '该装置还没有工况，始终按基准设置运行')}
      columns={[
        {
          title: '工况',
          key: 'name',
          render: (_, row) => (
            <>
              {row.name} {row.active && <Tag color="success">当前工况</Tag>}
            </>
          ),
        },
        ...CHANGE_FIELDS.map((field) => ({
          title: CHANGE_FIELD_LABELS[field],
          key: field,
          render: (_: unknown, row: Row) => {
            const text = settingText(field, row.effective[field], priorities);
            return row.override && row.override[field] !== null ? <Tag color="orange">{text}</Tag> : text;
          },
        })),
      ]}
    />
  );
}
