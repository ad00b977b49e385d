/** 报警性能看板 (/alarm/board/performance): ISA-18.2 table per console, EEMUA 191 operating levels, rates, floods. */
import { PageContainer, ProCard } from '@ant-design/pro-components';
import { formatKpi, judgeKpis, KPI_DEFINITIONS, kpiStatus } from '@common/kpiTargets';
import type { ConsolePerformance } from '@contract/boards';
import { TARGET_KPIS } from '@contract/vocabulary';
import { useRequest } from 'ahooks';
import { Col, Row, Skeleton, Space, Table, Tag } from 'antd';
import type React from 'react';
import { useMemo } from 'react';
import { LoadFailed, NoAlarmData } from '@/components/board/BoardStates';
import BoardToolbar from '@/components/board/BoardToolbar';
import { useBoardQuery } from '@/components/board/boardQuery';
import { StatusTag } from '@/components/board/KpiCard';
import Chart from '@/components/charts/Chart';
import ExportButton from '@/components/ExportButton';
import { fetchPerformance, PERFORMANCE_PATH } from '@/services/boards';
import { floodTimelineOption, histogramOption, operatingLevelOption } from './components/charts';

type IsaRow = Omit<ConsolePerformance, 'console'> & { console: string; key: string };

function isaColumns(warnFactor: number) {
  return [
    { title: '操作台', dataIndex: 'console', fixed: 'left' as const },
    {
      title: 'EEMUA 运行等级',
      dataIndex: ['level', 'label'],
      render: (label: string) => <Tag>{label}</Tag>,
    },
    {
      title: '达标项',
      key: 'passed',
      render: (_: unknown, row: IsaRow) => {
        const judged = judgeKpis(row.figures, row.targets, warnFactor);
        return `${judged.filter((item) => item.status === 'ok').length}/${judged.length}`;
      },
    },
    ...TARGET_KPIS.map((kpi) => ({
      title: `${KPI_DEFINITIONS[kpi].label}（${KPI_DEFINITIONS[kpi].unit}）`,
      key: kpi,
      align: 'right' as const,
      render: (_: unknown, row: IsaRow) => {
        const value = row.figures[kpi];
        return (
          <Space size={4} direction="vertical" align="end">
            <span>{`${formatKpi(kpi, value)}（目标 ≤ ${row.targets[kpi]}）`}</span>
            <StatusTag status={kpiStatus(value, row.targets[kpi], warnFactor)} />
          </Space>
        );
      },
    })),
  ];
}

export default function PerformanceBoard() {
  const { state, query, update } = useBoardQuery('7d');
  const { data, error, refresh } = useRequest(() => fetchPerformance(query), { refreshDeps: [query] });

  const levels = useMemo(
    () =>
      data
        ? operatingLevelOption(
            data.consoles.map((row) => ({
              name: row.console,
              avgPer10Min: row.figures.avgPer10Min,
              peak10Min: row.figures.peak10Min,
            })),
          )
        : undefined,
    [data],
  );
  const histogram = useMemo(() => (data ? histogramOption(data.histogram) : undefined), [data]);
  const floods = useMemo(() => (data ? floodTimelineOption(data.floods) : undefined), [data]);

  let body: React.ReactNode;
  if (error) body = <LoadFailed error={error} retry={refresh} />;
  else if (!data) body = <Skeleton active />;
  else if (data.scope.figures.annunciations === 0) body = <NoAlarmData />;
  else {
    const rows: IsaRow[] = [
      ...data.consoles.map((row) => ({ ...row, key: row.console })),
      { ...data.scope, console: '所选范围合计', key: '' },
    ];
    body = (
      <Row gutter={[16, 16]}>
        <Col span={24}>
          <ProCard title="ISA-18.2 指标（按操作台）" bordered>
            <Table<IsaRow>
              aria-label="ISA-18.2 指标"
              size="small"
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={rows}
              columns={isaColumns(data.warnFactor)}
            />
          </ProCard>
        </Col>
        <Col xs={24} xl={12}>
          <ProCard title="EEMUA 191 运行等级（平均 / 峰值报警率）" bordered>
            {levels && <Chart option={levels} label="EEMUA 191 运行等级" height={360} />}
          </ProCard>
        </Col>
        <Col xs={24} xl={12}>
          <ProCard title="10 分钟报警率分布" bordered>
            {histogram && <Chart option={histogram} label="10 分钟报警率分布" height={360} />}
          </ProCard>
        </Col>
        <Col span={24}>
          <ProCard title={`报警泛滥时间线（${data.floods.length} 次）`} bordered>
            {floods && <Chart option={floods} label="报警泛滥时间线" height={260} />}
          </ProCard>
        </Col>
      </Row>
    );
  }

  return (
    <PageContainer extra={<ExportButton route="GET /alarm/board/performance/export" query={query} />}>
      <BoardToolbar boardPath={PERFORMANCE_PATH} state={state} update={update} />
      {body}
    </PageContainer>
  );
}
