/** 系统运行看板 (/alarm/op/system/run): live alarm state per console, refreshed while the tab is visible. */
import { PageContainer, ProCard } from '@ant-design/pro-components';
import { OPEN_ABNORMAL_LIST } from '@common/alarmLibrary';
import { kpiStatus } from '@common/kpiTargets';
import type { ConsoleRun } from '@contract/boards';
import { Link } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Alert, Col, Row, Skeleton, Space, Table, Tag, Typography } from 'antd';
import type React from 'react';
import { useEffect, useMemo, useRef } from 'react';
import { LoadFailed, NoAlarmData } from '@/components/board/BoardStates';
import BoardToolbar from '@/components/board/BoardToolbar';
import { useBoardQuery } from '@/components/board/boardQuery';
import { InfoCard, StatusTag } from '@/components/board/KpiCard';
import Chart from '@/components/charts/Chart';
import type { ChartOption } from '@/components/charts/echarts';
import ExportButton from '@/components/ExportButton';
import SourceStateTag from '@/components/SourceStateTag';
import { fetchSystemRun, RUN_PATH } from '@/services/boards';
import { fetchLiveSummary } from '@/services/sources';
import { formatDateTime } from '@/utils/datetime';

/** How often the board asks again while visible, new events or not (a console falls silent without any). */
export const POLLING_MS = 30_000;
/** How often the board asks whether events arrived (a cheap call): new ones show within 2 s. */
export const LIVE_POLLING_MS = 1000;

const STATE_CARDS: { key: keyof ConsoleRun; title: string }[] = [
  { key: 'active', title: '活动报警' },
  { key: 'unacked', title: '未确认报警' },
  { key: 'shelved', title: '搁置报警' },
  { key: 'suppressed', title: '抑制报警' },
  { key: 'outOfService', title: '停用报警' },
  { key: 'standing', title: '长时报警' },
];

function lastHourOption(consoles: ConsoleRun[]): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 56, right: 24, top: 32, bottom: 32 },
    xAxis: { type: 'category', data: consoles.map((row) => row.console) },
    yAxis: { type: 'value', name: '次/10分钟' },
    series: [
      {
        type: 'bar',
        name: '近1小时平均报警率',
        data: consoles.map((row) => Number(row.lastHour.avgPer10Min.toFixed(2))),
        label: { show: true, position: 'top' },
        markLine: {
          symbol: 'none',
          lineStyle: { color: '#ff4d4f', type: 'dashed' },
          label: { formatter: '目标 {c}' },
          // Consoles may hold their own targets: one line per distinct target.
          data: [...new Set(consoles.map((row) => row.lastHour.target))].map((target) => ({ yAxis: target })),
        },
      },
    ],
  };
}

export default function SystemRunBoard() {
  const { state, query, update } = useBoardQuery();
  const scope = useMemo(() => ({ unit: query.unit, console: query.console }), [query.unit, query.console]);
  const { data, error, refresh } = useRequest(() => fetchSystemRun(scope), {
    refreshDeps: [scope],
    pollingInterval: POLLING_MS,
    pollingWhenHidden: false,
  });
  // Events stored since the last look change the revision: the board asks again at once.
  const live = useRequest(fetchLiveSummary, { pollingInterval: LIVE_POLLING_MS, pollingWhenHidden: false });
  const revision = live.data?.revision;
  const seenRevision = useRef<string>();
  useEffect(() => {
    if (revision === undefined) return;
    if (seenRevision.current !== undefined && seenRevision.current !== revision) refresh();
    seenRevision.current = revision;
  }, [revision, refresh]);
  const sources = live.data?.sources ?? [];
  const chart = useMemo(() => (data?.consoles.length ? lastHourOption(data.consoles) : undefined), [data]);

  let body: React.ReactNode;
  if (error && !data) body = <LoadFailed error={error} retry={refresh} />;
  else if (!data) body = <Skeleton active />;
  else if (!data.consoles.length) body = <NoAlarmData description="还没有操作台的报警数据" />;
  else {
    const silent = data.consoles.filter((row) => row.silent);
    const total = (key: keyof ConsoleRun) => data.consoles.reduce((sum, row) => sum + Number(row[key]), 0);
    body = (
      <>
        {silent.length > 0 && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            message={`数据中断：${silent.map((row) => row.console).join('、')} 已超过 ${data.silenceMinutes} 分钟没有报警事件，请检查数据采集`}
          />
        )}
        <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
          {STATE_CARDS.map((card) => (
            <Col key={card.key} xs={12} md={8} xl={3}>
              <InfoCard title={card.title} value={total(card.key)} />
            </Col>
          ))}
          <Col xs={12} md={8} xl={6}>
            <InfoCard
              title="未处置异常报警"
              value={data.openAbnormal}
              note={<Link to={OPEN_ABNORMAL_LIST}>查看异常报警列表</Link>}
            />
          </Col>
        </Row>
        <Row gutter={[16, 16]}>
          <Col span={24}>
            <ProCard title="各操作台状态" bordered>
              <Table<ConsoleRun>
                aria-label="各操作台状态"
                size="small"
                rowKey="console"
                pagination={false}
                dataSource={data.consoles}
                columns={[
                  { title: '操作台', dataIndex: 'console' },
                  ...STATE_CARDS.map((card) => ({ title: card.title, dataIndex: card.key, align: 'right' as const })),
                  {
                    title: '近1小时平均报警率（次/10分钟）',
                    key: 'lastHour',
                    align: 'right',
                    render: (_, row) => (
                      <>
                        {`${row.lastHour.avgPer10Min.toFixed(2)}（目标 ≤ ${row.lastHour.target}）`}{' '}
                        <StatusTag status={kpiStatus(row.lastHour.avgPer10Min, row.lastHour.target, data.warnFactor)} />
                      </>
                    ),
                  },
                  {
                    title: '最后事件时间',
                    key: 'lastEventAt',
                    render: (_, row) => (
                      <>
                        {row.lastEventAt ? formatDateTime(row.lastEventAt) : '无'}{' '}
                        {row.silent ? <Tag color="warning">数据中断</Tag> : <Tag color="success">正常</Tag>}
                      </>
                    ),
                  },
                ]}
              />
            </ProCard>
          </Col>
          <Col span={24}>
            <ProCard title="近1小时报警率（对比目标）" bordered>
              {chart && <Chart option={chart} label="近1小时报警率" height={280} />}
            </ProCard>
          </Col>
        </Row>
        <Typography.Text type="secondary">{`新事件到达后 2 秒内自动刷新，另每 ${POLLING_MS / 1000} 秒刷新一次（页面隐藏时暂停），更新于 ${formatDateTime(data.now)}`}</Typography.Text>
      </>
    );
  }

  return (
    <PageContainer extra={<ExportButton route="GET /alarm/op/system/run/export" query={scope} />}>
      <BoardToolbar boardPath={RUN_PATH} state={state} update={update} live />
      {sources.length > 0 && (
        <Space wrap aria-label="数据采集状态" style={{ marginBottom: 16 }}>
          <Typography.Text type="secondary">数据采集：</Typography.Text>
          {sources.map((source) => (
            <span key={source.id}>
              {source.name} <SourceStateTag state={source.status.state} />
              <Typography.Text type="secondary">
                {source.status.lastEventAt ? `最后事件 ${formatDateTime(source.status.lastEventAt)}` : '尚无事件'}
              </Typography.Text>
            </span>
          ))}
        </Space>
      )}
      {body}
    </PageContainer>
  );
}
