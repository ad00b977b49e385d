/** The tables of 报警总览, below the fold: fetched with antd's Table when scrolled to. */

import type { Flood, KpiSummary } from '@contract/kpi';
import { Table } from 'antd';
import { formatDateTime } from '@/utils/datetime';

const RECENT_FLOODS = 10;

const percent = (value: number) => `${value.toFixed(2)}%`;

function recentFloods(floods: Flood[]): Flood[] {
  return [...floods].reverse().slice(0, RECENT_FLOODS);
}

export function Top10({ summary }: { summary: KpiSummary }) {
  return (
    <Table
      aria-label="前十报警"
      size="small"
      pagination={false}
      rowKey={(row) => `${row.tag}\u0000${row.condition}`}
      dataSource={summary.top10}
      columns={[
        { title: '位号', dataIndex: 'tag' },
        { title: '报警类型', dataIndex: 'condition' },
        { title: '报警数', dataIndex: 'count', align: 'right' },
        { title: '占比', dataIndex: 'share', align: 'right', render: percent },
      ]}
    />
  );
}

export function Floods({ floods }: { floods: Flood[] }) {
  return (
    <Table
      aria-label="最近报警泛滥"
      size="small"
      pagination={false}
      rowKey="start"
      dataSource={recentFloods(floods)}
      locale={{ emptyText: '所选范围内没有报警泛滥' }}
      columns={[
        { title: '开始', dataIndex: 'start', render: (value: string) => formatDateTime(value) },
        { title: '结束', dataIndex: 'end', render: (value: string) => formatDateTime(value) },
        { title: '报警数', dataIndex: 'count', align: 'right' },
        { title: '峰值（次/10分钟）', dataIndex: 'peak', align: 'right' },
      ]}
    />
  );
}
