/** An equipment's deviations from the template, one line each, tagged by kind. */

import { DEVIATION_KIND_LABELS, type DeviationNames, describeDeviation } from '@common/templates';
import type { EquipmentResult } from '@contract/templates';
import type { DeviationKind } from '@contract/vocabulary';
import { List, Tag } from 'antd';

const KIND_COLORS: Record<DeviationKind, string> = {
  missing: 'red',
  extra: 'gold',
  different: 'orange',
  noRange: 'default',
};

export default function DeviationList({ equipment, names }: { equipment: EquipmentResult; names: DeviationNames }) {
  if (equipment.deviations.length === 0) return <span>与模板一致，没有偏差</span>;
  return (
    <List
      size="small"
      aria-label={`${equipment.name} 的偏差`}
      dataSource={equipment.deviations}
      rowKey={(d) => `${d.kind}-${d.condition}-${d.pointId}-${d.field}`}
      renderItem={(deviation) => (
        <List.Item>
          <span>
            <Tag color={KIND_COLORS[deviation.kind]}>{DEVIATION_KIND_LABELS[deviation.kind]}</Tag>
            {describeDeviation(deviation, names)}
          </span>
        </List.Item>
      )}
    />
  );
}
