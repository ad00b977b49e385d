/** 对比优化看板 (/alarm/op/optimize): two windows or two scopes, every KPI side by side, per-point changes. */
import { PageContainer, ProCard } from '@ant-design/pro-components';
import { formatKpi, KPI_DEFINITIONS } from '@common/kpiTargets';
import type { Comparison, PointDelta, ScopeOptions } from '@contract/boards';
import type { KpiDirection } from '@contract/vocabulary';
import { useSearchParams } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Col, Row, Skeleton, Space, Table, Tag, Typography } from 'antd';
import type React from 'react';
import { useMemo } from 'react';
import { LoadFailed, NoAlarmData } from '@/components/board/BoardStates';
import { ConditionSelect, ScopeSelect } from '@/components/board/BoardToolbar';
import CustomRange from '@/components/board/CustomRange';
import Chart from '@/components/charts/Chart';
import type { ChartOption } from '@/components/charts/echarts';
import ExportButton from '@/components/ExportButton';
import { fetchComparison, fetchScopeOptions, OPTIMIZE_PATH } from '@/services/boards';
import { type CompareQuery, comparisonParams, readComparison, type Side } from './comparison';

const DIRECTIONS: Record<KpiDirection, { label: string; color: string }> = {
  better: { label: '改善', color: 'success' },
  worse: { label: '变差', color: 'error' },
  same: { label: '持平', color: 'default' },
};

const labelOf = (kpi: Comparison['kpis'][number]['kpi']) =>
  kpi === 'annunciations' ? '报警总数' : KPI_DEFINITIONS[kpi].label;
const format = (kpi: Comparison['kpis'][number]['kpi'], value: number) =>
  kpi === 'annunciations' ? `${value}` : formatKpi(kpi, value);

function SidePicker({
  title,
  side,
  options,
  onChange,
}: {
  title: string;
  side: Side;
  options?: ScopeOptions;
  onChange: (side: Side) => void;
}) {
  return (
    <Space wrap>
      <Typography.Text strong>{title}</Typography.Text>
      <CustomRange
        label={`${title}时间范围`}
        from={side.from}
        to={side.to}
        onChange={(range) => onChange({ ...side, ...range })}
      />
      <ScopeSelect
        label={`${title}范围`}
        options={options}
        value={side}
        onChange={(scope) => onChange({ ...side, ...scope })}
      />
    </Space>
  );
}

function deltaOption(gains: PointDelta[], regressions: PointDelta[]): ChartOption {
  const rows = [...gains, ...[...regressions].reverse()];
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 140, right: 56, top: 16, bottom: 24 },
    xAxis: { type: 'value', name: '变化' },
    yAxis: { type: 'category', data: rows.map((row) => `${row.tag} ${row.condition}`), inverse: true },
    series: [
      {
        type: 'bar',
        name: '报警数变化',
        data: rows.map((row) => ({ value: row.delta, itemStyle: { color: row.delta < 0 ? '#52c41a' : '#ff4d4f' } })),
        label: { show: true, position: 'right' },
      },
    ],
  };
}

const pointColumns = [
  { title: '位号', dataIndex: 'tag' },
  { title: '报警类型', dataIndex: 'condition' },
  { title: '描述', dataIndex: 'description' },
  { title: '对比前', dataIndex: 'before', align: 'right' as const },
  { title: '对比后', dataIndex: 'after', align: 'right' as const },
  {
    title: '变化',
    dataIndex: 'delta',
    align: 'right' as const,
    render: (delta: number) => (
      <Typography.Text type={delta < 0 ? 'success' : delta > 0 ? 'danger' : undefined}>
        {delta > 0 ? `+${delta}` : delta}
      </Typography.Text>
    ),
  },
];

export default function ComparisonBoard() {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const query = useMemo(() => readComparison(new URLSearchParams(search)), [search]);
  const update = (next: CompareQuery) => setParams(comparisonParams(next));
  const { data: options } = useRequest(() => fetchScopeOptions(OPTIMIZE_PATH));
  const { data, error, refresh } = useRequest(() => fetchComparison(comparisonParams(query)), { refreshDeps: [query] });
  const chart = useMemo(
    () =>
      data && (data.gains.length || data.regressions.length) ? deltaOption(data.gains, data.regressions) : undefined,
    [data],
  );

  let body: React.ReactNode;
  if (error) body = <LoadFailed error={error} retry={refresh} />;
  else if (!data) body = <Skeleton active />;
  else if (data.a.figures.annunciations === 0 && data.b.figures.annunciations === 0) body = <NoAlarmData />;
  else {
    body = (
      <Row gutter={[16, 16]}>
        <Col span={24}>
          <ProCard title="指标对比" bordered>
            <Table
              aria-label="指标对比"
              size="small"
              rowKey="kpi"
              pagination={false}
              dataSource={data.kpis}
              columns={[
                { title: '指标', dataIndex: 'kpi', render: labelOf },
                {
                  title: '对比前（A）',
                  key: 'before',
                  align: 'right',
                  render: (_, row) => format(row.kpi, row.before),
                },
                { title: '对比后（B）', key: 'after', align: 'right', render: (_, row) => format(row.kpi, row.after) },
                {
                  title: '变化',
                  key: 'delta',
                  align: 'right',
                  render: (_, row) => `${row.delta > 0 ? '+' : ''}${format(row.kpi, row.delta)}`,
                },
                {
                  title: '方向',
                  dataIndex: 'direction',
                  render: (direction: KpiDirection) => (
                    <Tag color={DIRECTIONS[direction].color}>{DIRECTIONS[direction].label}</Tag>
                  ),
                },
              ]}
            />
          </ProCard>
        </Col>
        <Col xs={24} xl={12}>
          <ProCard title="改善最多与变差最多的报警点" bordered>
            {chart ? <Chart option={chart} label="报警点变化" height={420} /> : '两段之间没有报警点的变化'}
          </ProCard>
        </Col>
        <Col xs={24} xl={12}>
          <ProCard title="报警点对比（变化最大的前 100 个）" bordered>
            <Table<PointDelta>
              aria-label="报警点对比"
              size="small"
              rowKey={(row) => `${row.tag}\u0000${row.condition}`}
              dataSource={data.points}
              columns={pointColumns}
              pagination={{ pageSize: 10 }}
            />
          </ProCard>
        </Col>
      </Row>
    );
  }

  return (
    <PageContainer extra={<ExportButton route="GET /alarm/op/optimize/export" query={comparisonParams(query)} />}>
      <Space direction="vertical" style={{ marginBottom: 16 }}>
        <SidePicker title="A（对比前）" side={query.a} options={options} onChange={(a) => update({ ...query, a })} />
        <SidePicker title="B（对比后）" side={query.b} options={options} onChange={(b) => update({ ...query, b })} />
        <ConditionSelect
          options={options}
          value={query.condition}
          onChange={(condition) => update({ ...query, condition })}
        />
      </Space>
      {body}
    </PageContainer>
  );
}
