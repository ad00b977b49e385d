/** ECharts options of 报警总览 (the trend's is shared with the server: common/trendChart.ts): plain functions of the API's data. */

import type { RankingRow } from '@contract/kpi';
import type { ChartOption } from '@/components/charts/echarts';

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
