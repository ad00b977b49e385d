/** ECharts options of 报警总览: plain functions of the API's data, so they are tested without a browser. */
import dayjs from 'dayjs';
import type { ChartOption } from '@/components/charts/echarts';
import type { KpiSummary, Priority } from '@/services/boards';
import type { PriorityLook, RankingRow, SeriesBucket, SeriesPoint } from '../service';

const BUCKET_MINUTES: Record<SeriesBucket, number> = { '10m': 10, '1h': 60, '1d': 1440 };
const BUCKET_FORMAT: Record<SeriesBucket, string> = { '10m': 'MM-DD HH:mm', '1h': 'MM-DD HH:mm', '1d': 'YYYY-MM-DD' };
/** Up to this many bars carry their number on the bar. */
const LABELLED_BARS = 48;

/** 10-minute bars up to two days, hourly up to a month, daily beyond. */
export function trendBucket(from: string, to: string): SeriesBucket {
  const hours = dayjs(to).diff(dayjs(from), 'hour', true);
  if (hours <= 48) return '10m';
  return hours <= 31 * 24 ? '1h' : '1d';
}

export function trendOption(series: SeriesPoint[], bucket: SeriesBucket, overloadThreshold: number): ChartOption {
  // The overload line of domain.md (n_k > overloadThreshold per 10 min), scaled to the bucket.
  const line = overloadThreshold * (BUCKET_MINUTES[bucket] / 10);
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 48, right: 24, top: 32, bottom: 40 },
    xAxis: { type: 'category', data: series.map((point) => dayjs(point.start).format(BUCKET_FORMAT[bucket])) },
    yAxis: { type: 'value', name: '报警数' },
    series: [
      {
        type: 'bar',
        name: '报警数',
        data: series.map((point) => point.annunciations),
        itemStyle: { color: '#1677ff' },
        label: { show: series.length <= LABELLED_BARS, position: 'top' },
        markLine: {
          symbol: 'none',
          lineStyle: { color: '#ff4d4f', type: 'dashed' },
          label: { formatter: `过载线 ${line}`, position: 'insideEndTop' },
          data: [{ yAxis: line }],
        },
      },
    ],
  };
}

const PRIORITY_ORDER: Priority[] = ['urgent', 'high', 'medium', 'low'];

export function priorityOption(distribution: KpiSummary['priorityDistribution'], looks: PriorityLook[]): ChartOption {
  const ordered = PRIORITY_ORDER.map((code) => looks.find((look) => look.code === code)).filter(
    (look): look is PriorityLook => Boolean(look),
  );
  const percent = {
    show: true,
    position: 'right',
    formatter: ({ value }: { value: number }) => `${value.toFixed(1)}%`,
  };
  return {
    tooltip: { trigger: 'axis' },
    legend: { data: ['实际', '目标'] },
    grid: { left: 56, right: 64, top: 32, bottom: 24 },
    xAxis: { type: 'value', max: 100, axisLabel: { formatter: '{value}%' } },
    yAxis: { type: 'category', data: ordered.map((look) => look.name), inverse: true },
    series: [
      {
        type: 'bar',
        name: '实际',
        data: ordered.map((look) => ({ value: distribution[look.code], itemStyle: { color: look.color } })),
        label: percent,
      },
      {
        type: 'bar',
        name: '目标',
        data: ordered.map((look) => look.targetShare),
        itemStyle: { color: '#d9d9d9' },
        label: percent,
      },
    ],
  };
}

export function rankingOption(rows: RankingRow[]): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 120, right: 56, top: 16, bottom: 24 },
    xAxis: { type: 'value', name: '报警数' },
    yAxis: { type: 'category', data: rows.map((row) => row.name), inverse: true },
    series: [
      {
        type: 'bar',
        name: '报警数',
        data: rows.map((row) => row.annunciations),
        label: { show: true, position: 'right' },
        itemStyle: { color: '#1677ff' },
      },
    ],
  };
}
