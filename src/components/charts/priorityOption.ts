/** The priority split of annunciations beside each priority's target share (报警总览, 系统改进看板). */
import type { PriorityLook } from '@contract/boards';
import type { KpiSummary } from '@contract/kpi';
import { PRIORITIES } from '@contract/vocabulary';
import type { ChartOption } from './echarts';
import { valueLabels } from './valueLabels';

export function priorityOption(distribution: KpiSummary['priorityDistribution'], looks: PriorityLook[]): ChartOption {
  const ordered = PRIORITIES.map((code) => looks.find((look) => look.code === code)).filter(
    (look): look is PriorityLook => Boolean(look),
  );
  const percent = valueLabels({
    position: 'right',
    formatter: ({ value }: { value: number }) => `${value.toFixed(1)}%`,
  });
  return {
    tooltip: { trigger: 'axis' },
    // Below the axis, outside the bars.
    legend: { data: ['实际', '目标'], bottom: 0 },
    grid: { left: 56, right: 64, top: 16, bottom: 56 },
    xAxis: { type: 'value', max: 100, axisLabel: { formatter: '{value}%' } },
    yAxis: { type: 'category', data: ordered.map((look) => look.name), inverse: true },
    series: [
      {
        type: 'bar',
        name: '实际',
        data: ordered.map((look) => ({ value: distribution[look.code], itemStyle: { color: look.color } })),
        ...percent,
      },
      {
        type: 'bar',
        name: '目标',
        data: ordered.map((look) => look.targetShare),
        itemStyle: { color: '#d9d9d9' },
        ...percent,
      },
    ],
  };
}
