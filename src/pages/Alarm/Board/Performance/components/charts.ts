/** ECharts options of 报警性能看板. */

import { OPERATING_LEVELS } from '@common/kpiTargets';
import type { Performance } from '@contract/boards';
import type { OperatingLevel } from '@contract/vocabulary';
import type { ChartOption } from '@/components/charts/echarts';
import { formatPlantTime } from '@/utils/datetime';

const LEVEL_COLORS: Record<OperatingLevel, string> = {
  overloaded: 'rgba(255, 77, 79, 0.28)',
  reactive: 'rgba(250, 140, 22, 0.28)',
  stable: 'rgba(250, 219, 20, 0.28)',
  robust: 'rgba(149, 222, 100, 0.32)',
  predictive: 'rgba(56, 158, 13, 0.32)',
};
/** Log axes: where the EEMUA chart starts and ends (per 10 minutes). */
const AVG_RANGE = [0.1, 100] as const;
const PEAK_RANGE = [1, 1000] as const;
const clamp = (value: number, [low, high]: readonly [number, number]) => Math.min(Math.max(value, low), high);

/**
 * EEMUA 191's operating-level chart: average alarm rate against peak rate per 10 minutes on log axes, with
 * the five regions of OPERATING_LEVELS drawn from the largest (overloaded) to the smallest (predictive).
 */
export function operatingLevelOption(rows: { name: string; avgPer10Min: number; peak10Min: number }[]): ChartOption {
  const regions = [...OPERATING_LEVELS].reverse().map((bound) => [
    {
      name: bound.label,
      xAxis: AVG_RANGE[0],
      yAxis: PEAK_RANGE[0],
      itemStyle: { color: LEVEL_COLORS[bound.level] },
      label: { position: 'insideTopRight', color: '#434343' },
    },
    { xAxis: clamp(bound.avgBelow, AVG_RANGE), yAxis: clamp(bound.peakBelow, PEAK_RANGE) },
  ]);
  return {
    tooltip: { trigger: 'item' },
    grid: { left: 64, right: 32, top: 24, bottom: 48 },
    xAxis: {
      type: 'log',
      min: AVG_RANGE[0],
      max: AVG_RANGE[1],
      name: '平均报警率（次/10分钟）',
      nameLocation: 'middle',
      nameGap: 28,
    },
    yAxis: { type: 'log', min: PEAK_RANGE[0], max: PEAK_RANGE[1], name: '峰值报警率（次/10分钟）' },
    series: [
      {
        type: 'scatter',
        name: '操作台',
        symbolSize: 14,
        itemStyle: { color: '#1677ff' },
        data: rows.map((row) => ({
          name: row.name,
          value: [clamp(row.avgPer10Min, AVG_RANGE), clamp(row.peak10Min, PEAK_RANGE)],
        })),
        label: {
          show: true,
          position: 'right',
          formatter: ({ name }: { name: string }) => name,
        },
        markArea: { silent: true, data: regions },
      },
    ],
  };
}

export function histogramOption(histogram: Performance['histogram']): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 56, right: 24, top: 32, bottom: 48 },
    xAxis: {
      type: 'category',
      name: '每 10 分钟报警数',
      nameLocation: 'middle',
      nameGap: 28,
      data: histogram.map((bin) =>
        bin.max === null ? `>${bin.min - 1}` : bin.min === bin.max ? `${bin.min}` : `${bin.min}–${bin.max}`,
      ),
    },
    yAxis: { type: 'value', name: '时段数' },
    series: [
      {
        type: 'bar',
        name: '时段数',
        data: histogram.map((bin) => bin.periods),
        label: { show: true, position: 'top' },
      },
    ],
  };
}

export function floodTimelineOption(floods: Performance['floods']): ChartOption {
  return {
    tooltip: { trigger: 'item' },
    grid: { left: 56, right: 24, top: 32, bottom: 40 },
    xAxis: { type: 'time' },
    yAxis: { type: 'value', name: '峰值（次/10分钟）' },
    series: [
      {
        type: 'scatter',
        name: '报警泛滥',
        itemStyle: { color: '#ff4d4f' },
        symbolSize: (value: number[]) => Math.min(8 + Math.sqrt(value[2]) * 2, 40),
        data: floods.map((flood) => ({
          name: `${formatPlantTime(flood.start, 'MM-DD HH:mm')}–${formatPlantTime(flood.end, 'HH:mm')}`,
          value: [flood.start, flood.peak, flood.count],
        })),
        label: {
          show: floods.length <= 30,
          position: 'top',
          formatter: ({ value }: { value: number[] }) => `${value[2]}`,
        },
      },
    ],
  };
}
