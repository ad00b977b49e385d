/**
 * 系统改进看板 (/alarm/op/system/improve): KPI per week or month with applied changes, abnormal alarms found vs
 * handled, rationalization coverage per unit over the periods and the priority split against its targets.
 */
import { PageContainer, ProCard } from '@ant-design/pro-components';
import { formatKpi, KPI_DEFINITIONS, kpiStatus } from '@common/kpiTargets';
import type { Improvement, PeriodRow, UnitCoverage } from '@contract/boards';
import type { ImprovementPeriod as Period } from '@contract/vocabulary';
import { TARGET_KPIS } from '@contract/vocabulary';
import { useRequest } from 'ahooks';
import { Col, Row, Segmented, Skeleton, Table } from 'antd';
import type React from 'react';
import { useMemo } from 'react';
import { LoadFailed, NoAlarmData } from '@/components/board/BoardStates';
import BoardToolbar from '@/components/board/BoardToolbar';
import { useBoardQuery } from '@/components/board/boardQuery';
import { StatusTag } from '@/components/board/KpiCard';
import Chart from '@/components/charts/Chart';
import type { ChartOption } from '@/components/charts/echarts';
import { priorityOption } from '@/components/charts/priorityOption';
import { valueLabels } from '@/components/charts/valueLabels';
import ExportButton from '@/components/ExportButton';
import { fetchImprovement, IMPROVE_PATH } from '@/services/boards';
import { formatPlantTime } from '@/utils/datetime';

const periodLabel = (row: PeriodRow) => formatPlantTime(row.start, 'YYYY-MM-DD');

/** An axis name beside its axis, turned along it: above the plot it met the change marks' names. */
const nameBeside = (name: string, nameGap: number) => ({ type: 'value', name, nameLocation: 'middle', nameGap });
/** Below the axis labels, outside the plot. */
const LEGEND_BELOW = { bottom: 0 };
const CHANGE_COLOUR = '#722ed1';
const CHANGES = '已实施变更';

type AppliedChange = Improvement['appliedChanges'][number];
const changeName = (change: AppliedChange) => `变更 #${change.changeRequestId} ${change.title}`;

/** The applied change requests of each period, by its index (a change outside the periods is left out). */
function changesByPeriod(data: Improvement): Map<number, AppliedChange[]> {
  const byPeriod = new Map<number, AppliedChange[]>();
  for (const change of data.appliedChanges) {
    const index = data.periods.findIndex((row) => change.appliedAt >= row.start && change.appliedAt < row.end);
    if (index >= 0) byPeriod.set(index, [...(byPeriod.get(index) ?? []), change]);
  }
  return byPeriod;
}

/**
 * Annunciations as bars, the average rate as a line against its target; each period with applied change requests
 * marked by a line and, above the plot, their names. Every text is a series label, so a value and a name that
 * would cover one another give way to each other (each stays in the tooltip and the table below); a label of a
 * mark line takes no part in that and was painted over the values.
 */
function trendOption(data: Improvement): ChartOption {
  const marked = [...changesByPeriod(data)];
  const target = `目标 ${data.targets.avgPer10Min}`;
  return {
    tooltip: { trigger: 'axis' },
    legend: { data: ['报警数', KPI_DEFINITIONS.avgPer10Min.label, target, CHANGES], ...LEGEND_BELOW },
    grid: { left: 64, right: 64, top: 40, bottom: 56 },
    xAxis: { type: 'category', data: data.periods.map(periodLabel) },
    // The third axis spans the plot's height: the change names sit on its top.
    yAxis: [nameBeside('报警数', 48), nameBeside('次/10分钟', 40), { type: 'value', show: false, min: 0, max: 1 }],
    series: [
      {
        type: 'bar',
        name: '报警数',
        data: data.periods.map((row) => row.figures.annunciations),
        ...valueLabels({ position: 'top' }),
        markLine: {
          symbol: 'none',
          silent: true,
          lineStyle: { color: CHANGE_COLOUR },
          label: { show: false },
          data: marked.map(([index]) => ({ xAxis: index })),
        },
      },
      {
        type: 'line',
        name: KPI_DEFINITIONS.avgPer10Min.label,
        yAxisIndex: 1,
        data: data.periods.map((row) => Number(row.figures.avgPer10Min.toFixed(2))),
        ...valueLabels(),
      },
      {
        type: 'line',
        name: target,
        yAxisIndex: 1,
        data: data.periods.map(() => data.targets.avgPer10Min),
        symbol: 'none',
        itemStyle: { color: '#ff4d4f' },
        lineStyle: { color: '#ff4d4f', type: 'dashed' },
      },
      {
        type: 'scatter',
        name: CHANGES,
        yAxisIndex: 2,
        symbol: 'triangle',
        symbolRotate: 180,
        symbolSize: 8,
        itemStyle: { color: CHANGE_COLOUR },
        // x, top of the plot, every name (the tooltip's).
        encode: { x: 0, y: 1, tooltip: 2 },
        data: marked.map(([index, changes]) => ({
          name: changes.length > 1 ? `${changeName(changes[0])} 等 ${changes.length} 项` : changeName(changes[0]),
          value: [index, 1, changes.map(changeName).join('；')],
        })),
        ...valueLabels({ position: 'top', formatter: '{b}', width: 240, overflow: 'truncate' }),
      },
    ],
  };
}

function abnormalOption(periods: PeriodRow[]): ChartOption {
  const bar = (name: string, values: number[], color: string) => ({
    type: 'bar',
    name,
    data: values,
    itemStyle: { color },
    ...valueLabels({ position: 'top' }),
  });
  return {
    tooltip: { trigger: 'axis' },
    legend: { data: ['发现', '处置', 'MOC 外变更'], ...LEGEND_BELOW },
    grid: { left: 48, right: 24, top: 24, bottom: 56 },
    xAxis: { type: 'category', data: periods.map(periodLabel) },
    yAxis: { type: 'value' },
    series: [
      bar(
        '发现',
        periods.map((row) => row.found),
        '#faad14',
      ),
      bar(
        '处置',
        periods.map((row) => row.handled),
        '#52c41a',
      ),
      bar(
        'MOC 外变更',
        periods.map((row) => row.outsideMoc),
        '#8c8c8c',
      ),
    ],
  };
}

const UNIT_NONE = '未指定装置';

const percentOf = (confirmed: number, total: number) => (total ? (confirmed / total) * 100 : 0);

/** Each unit's rationalization coverage (已确认 / 报警点, %) at the end of each period. */
function coverageOption(data: Improvement): ChartOption {
  return {
    tooltip: { trigger: 'axis', valueFormatter: (value: unknown) => `${Number(value).toFixed(1)}%` },
    legend: { data: data.coverage.map((row) => row.unit ?? UNIT_NONE), ...LEGEND_BELOW, type: 'scroll' },
    grid: { left: 64, right: 24, top: 24, bottom: 56 },
    xAxis: { type: 'category', data: data.periods.map((row) => formatPlantTime(row.end, 'YYYY-MM-DD')) },
    yAxis: { ...nameBeside('覆盖率', 48), max: 100, axisLabel: { formatter: '{value}%' } },
    series: data.coverage.map((row) => ({
      type: 'line',
      name: row.unit ?? UNIT_NONE,
      data: row.confirmed.map((confirmed, index) => Number(percentOf(confirmed, row.total[index]).toFixed(1))),
    })),
  };
}

/** The units' coverage at the end of the range: the table beside the chart, readable without hovering. */
function CoverageTable({ coverage }: { coverage: UnitCoverage[] }) {
  const last = (values: number[]) => values[values.length - 1] ?? 0;
  return (
    <Table<UnitCoverage>
      aria-label="各装置合理化覆盖率"
      size="small"
      rowKey={(row) => row.unit ?? ''}
      pagination={false}
      dataSource={coverage}
      locale={{ emptyText: '范围内没有报警点' }}
      columns={[
        { title: '装置', key: 'unit', render: (_, row) => row.unit ?? UNIT_NONE },
        { title: '已确认', key: 'confirmed', align: 'right', render: (_, row) => last(row.confirmed) },
        { title: '报警点', key: 'total', align: 'right', render: (_, row) => last(row.total) },
        {
          title: '覆盖率',
          key: 'share',
          align: 'right',
          render: (_, row) => `${percentOf(last(row.confirmed), last(row.total)).toFixed(1)}%`,
        },
      ]}
    />
  );
}

export default function ImprovementBoard() {
  const { state, query, update, params, setParams } = useBoardQuery('30d');
  const period: Period = params.get('period') === 'month' ? 'month' : 'week';
  const { data, error, refresh } = useRequest(() => fetchImprovement({ ...query, period }), {
    refreshDeps: [query, period],
  });
  const trend = useMemo(() => (data ? trendOption(data) : undefined), [data]);
  const changes = useMemo(() => (data ? changesByPeriod(data) : new Map<number, AppliedChange[]>()), [data]);
  const abnormal = useMemo(() => (data ? abnormalOption(data.periods) : undefined), [data]);
  const coverage = useMemo(() => (data ? coverageOption(data) : undefined), [data]);
  const priorities = useMemo(() => (data ? priorityOption(data.prioritySplit, data.priorities) : undefined), [data]);

  let body: React.ReactNode;
  if (error) body = <LoadFailed error={error} retry={refresh} />;
  else if (!data) body = <Skeleton active />;
  else {
    // Rationalization goes on whether or not alarms came in: its coverage is shown either way.
    const rationalization = (
      <Col span={24}>
        <ProCard title="合理化覆盖率（已确认 / 报警点）" bordered>
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={16}>
              {coverage && data.coverage.length > 0 && <Chart option={coverage} label="合理化覆盖率" height={260} />}
            </Col>
            <Col xs={24} xl={8}>
              <CoverageTable coverage={data.coverage} />
            </Col>
          </Row>
        </ProCard>
      </Col>
    );
    body = data.periods.every((row) => row.figures.annunciations === 0) ? (
      <Row gutter={[16, 16]}>
        {rationalization}
        <Col span={24}>
          <NoAlarmData />
        </Col>
      </Row>
    ) : (
      <Row gutter={[16, 16]}>
        {rationalization}
        <Col span={24}>
          <ProCard title="优先级分布（实际 / 目标）" bordered>
            {priorities && <Chart option={priorities} label="优先级分布" height={260} />}
          </ProCard>
        </Col>
        <Col span={24}>
          <ProCard title="报警趋势（紫线为已实施的变更）" bordered>
            {trend && <Chart option={trend} label="改进趋势" />}
          </ProCard>
        </Col>
        <Col span={24}>
          <ProCard title="异常报警发现与处置、MOC 外变更" bordered>
            {abnormal && <Chart option={abnormal} label="异常报警发现与处置" height={280} />}
          </ProCard>
        </Col>
        <Col span={24}>
          <ProCard title="各期指标" bordered>
            <Table<PeriodRow>
              aria-label="各期指标"
              size="small"
              rowKey="start"
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={data.periods}
              columns={[
                { title: '开始', key: 'start', render: (_, row) => periodLabel(row) },
                {
                  title: '报警数',
                  key: 'annunciations',
                  align: 'right',
                  render: (_, row) => row.figures.annunciations,
                },
                ...TARGET_KPIS.map((kpi) => ({
                  title: `${KPI_DEFINITIONS[kpi].label}（目标 ≤ ${data.targets[kpi]}）`,
                  key: kpi,
                  align: 'right' as const,
                  render: (_: unknown, row: PeriodRow) => (
                    <>
                      {formatKpi(kpi, row.figures[kpi])}{' '}
                      <StatusTag status={kpiStatus(row.figures[kpi], data.targets[kpi], data.warnFactor)} />
                    </>
                  ),
                })),
                { title: '发现异常', dataIndex: 'found', align: 'right' },
                { title: '处置异常', dataIndex: 'handled', align: 'right' },
                { title: 'MOC 外变更', dataIndex: 'outsideMoc', align: 'right' },
                {
                  title: CHANGES,
                  key: 'changes',
                  render: (_, _row, index) => changes.get(index)?.map(changeName).join('；') ?? '',
                },
              ]}
            />
          </ProCard>
        </Col>
      </Row>
    );
  }

  return (
    <PageContainer extra={<ExportButton route="GET /alarm/op/system/improve/export" query={{ ...query, period }} />}>
      <BoardToolbar
        boardPath={IMPROVE_PATH}
        state={state}
        update={update}
        extra={
          <Segmented<Period>
            aria-label="统计周期"
            value={period}
            options={[
              { value: 'week', label: '按周' },
              { value: 'month', label: '按月' },
            ]}
            onChange={(next) => {
              const nextParams = new URLSearchParams(params);
              nextParams.set('period', next);
              setParams(nextParams);
            }}
          />
        }
      />
      {body}
    </PageContainer>
  );
}
