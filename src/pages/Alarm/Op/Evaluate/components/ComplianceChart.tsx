/** Compliance per equipment as bars with their values written on them (readable without hovering). */

import type { EquipmentResult } from '@contract/templates';
import { useMemo } from 'react';
import Chart from '@/components/charts/Chart';
import { scoreColor, scoreText } from './format';

export default function ComplianceChart({ equipment }: { equipment: EquipmentResult[] }) {
  const option = useMemo(
    () => ({
      grid: { left: 48, right: 16, top: 24, bottom: 56 },
      tooltip: { trigger: 'axis', valueFormatter: (value: number) => scoreText(value) },
      xAxis: {
        type: 'category',
        data: equipment.map((row) => `${row.name}\n${row.unit}`),
        axisLabel: { interval: 0 },
      },
      yAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
      series: [
        {
          type: 'bar',
          name: '合规率',
          barMaxWidth: 40,
          data: equipment.map((row) => ({ value: row.score, itemStyle: { color: scoreColor(row.score) } })),
          label: { show: true, position: 'top', formatter: ({ value }: { value: number }) => scoreText(value) },
        },
      ],
    }),
    [equipment],
  );
  return <Chart option={option} label="各设备合规率" height={300} />;
}
