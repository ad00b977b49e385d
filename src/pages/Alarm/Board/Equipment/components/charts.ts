/** ECharts options of 设备报警看板. */

import type { EquipmentBoard, EquipmentLoad } from '@contract/boards';
import type { ChartOption } from '@/components/charts/echarts';
import { formatPlantTime } from '@/utils/datetime';

const RANKED = 15;

/** The most loaded equipment, one stacked bar per condition, with the total at the end of each bar. */
export function equipmentRankingOption(equipment: EquipmentLoad[]): ChartOption {
  const top = equipment.slice(0, RANKED);
  const conditions = [...new Set(top.flatMap((row) => Object.keys(row.byCondition)))].sort();
  return {
    tooltip: { trigger: 'axis' },
    legend: { data: conditions },
    grid: { left: 96, right: 56, top: 32, bottom: 24 },
    xAxis: { type: 'value', name: '报警数' },
    yAxis: { type: 'category', data: top.map((row) => row.name), inverse: true },
    series: conditions.map((condition, index) => ({
      type: 'bar',
      name: condition,
      stack: 'total',
      data: top.map((row) => row.byCondition[condition] ?? 0),
      label:
        index === conditions.length - 1
          ? {
              show: true,
              position: 'right',
              formatter: ({ dataIndex }: { dataIndex: number }) => `${top[dataIndex].annunciations}`,
            }
          : undefined,
    })),
  };
}

export function equipmentHeatmapOption(board: EquipmentBoard): ChartOption {
  const names = board.heatmap.equipmentIds.map((id) => board.equipment.find((row) => row.id === id)?.name ?? `${id}`);
  const data = board.heatmap.cells.flatMap((row, e) => row.map((n, d) => [d, e, n]));
  const max = Math.max(1, ...data.map((cell) => cell[2]));
  return {
    tooltip: { position: 'top' },
    grid: { left: 96, right: 24, top: 16, bottom: 72 },
    xAxis: {
      type: 'category',
      data: board.heatmap.days.map((day) => formatPlantTime(day, 'MM-DD')),
      splitArea: { show: true },
    },
    yAxis: { type: 'category', data: names, inverse: true, splitArea: { show: true } },
    visualMap: {
      min: 0,
      max,
      calculable: true,
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
      inRange: { color: ['#f0f5ff', '#1677ff', '#ff4d4f'] },
    },
    series: [
      {
        type: 'heatmap',
        name: '报警数',
        data,
        label: { show: board.heatmap.days.length <= 14 },
      },
    ],
  };
}
