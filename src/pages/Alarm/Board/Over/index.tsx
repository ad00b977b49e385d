/** 报警总览 (/alarm/board/over): KPI cards against targets, trend, priority split, top 10, ranking, floods. */
import { PageContainer, ProCard } from '@ant-design/pro-components';
import { Link } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Col, Row, Segmented, Skeleton } from 'antd';
import type React from 'react';
import { lazy, useMemo, useState } from 'react';
import { LoadFailed, NoAlarmData } from '@/components/board/BoardStates';
import BoardToolbar from '@/components/board/BoardToolbar';
import { useBoardQuery } from '@/components/board/boardQuery';
import { InfoCard, KpiCard } from '@/components/board/KpiCard';
import Chart from '@/components/charts/Chart';
import ExportButton from '@/components/ExportButton';
import { BelowFold } from '@/components/NearViewport';
import type { TargetKpi } from '@/shared/kpiTargets';
import { priorityOption, rankingOption, trendBucket, trendOption } from './components/charts';
import { fetchOverview, fetchRanking, fetchSeries, OVER_PATH } from './service';

const CARD_KPIS: TargetKpi[] = [
  'avgPer10Min',
  'peak10Min',
  'pctPeriodsOver',
  'pctTimeInFlood',
  'top10Share',
  'chatteringCount',
  'staleCount',
];

const Top10 = lazy(() => import('./components/tables').then(({ Top10 }) => ({ default: Top10 })));
const Floods = lazy(() => import('./components/tables').then(({ Floods }) => ({ default: Floods })));

export default function OverviewBoard() {
  const { state, query, update } = useBoardQuery('24h');
  const [rankBy, setRankBy] = useState<'unit' | 'console'>('unit');
  const bucket = trendBucket(query.from, query.to);
  const overview = useRequest(() => fetchOverview(query), { refreshDeps: [query] });
  const series = useRequest(() => fetchSeries(query, bucket), { refreshDeps: [query, bucket] });
  const ranking = useRequest(() => fetchRanking(query, rankBy), { refreshDeps: [query, rankBy] });

  const data = overview.data;
  const trend = useMemo(
    () => (series.data && data ? trendOption(series.data, bucket, data.overloadThreshold) : undefined),
    [series.data, data, bucket],
  );
  const priorities = useMemo(
    () => (data ? priorityOption(data.summary.priorityDistribution, data.priorities) : undefined),
    [data],
  );
  const ranked = useMemo(() => (ranking.data ? rankingOption(ranking.data) : undefined), [ranking.data]);

  let body: React.ReactNode;
  if (overview.error) body = <LoadFailed error={overview.error} retry={overview.refresh} />;
  else if (!data) body = <Skeleton active />;
  else {
    const { summary } = data;
    body = (
      <>
        <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
          <Col xs={12} md={8} xl={6}>
            <InfoCard
              title="报警总数"
              value={summary.annunciations}
              suffix="次"
              note={`平均 ${summary.avgPerHour.toFixed(1)} 次/小时`}
            />
          </Col>
          {CARD_KPIS.map((kpi) => (
            <Col key={kpi} xs={12} md={8} xl={6}>
              <KpiCard kpi={kpi} value={summary[kpi]} target={data.targets[kpi]} warnFactor={data.warnFactor} />
            </Col>
          ))}
          <Col xs={12} md={8} xl={6}>
            <InfoCard
              title="未处置异常报警"
              value={data.openAbnormal}
              suffix="条"
              note={<Link to="/alarm/bases/abnormal">查看异常报警列表</Link>}
            />
          </Col>
        </Row>
        {summary.annunciations === 0 ? (
          <ProCard>
            <NoAlarmData />
          </ProCard>
        ) : (
          <Row gutter={[16, 16]}>
            <Col span={24}>
              <ProCard title="报警趋势" bordered>
                {trend ? <Chart option={trend} label="报警趋势" /> : <Skeleton active />}
              </ProCard>
            </Col>
            <Col xs={24} xl={12}>
              <ProCard title="优先级分布（实际 / 目标）" bordered>
                {priorities && <Chart option={priorities} label="优先级分布" height={260} />}
              </ProCard>
            </Col>
            <Col xs={24} xl={12}>
              <ProCard
                title="报警排名"
                bordered
                extra={
                  <Segmented
                    aria-label="排名维度"
                    size="small"
                    value={rankBy}
                    options={[
                      { value: 'unit', label: '装置' },
                      { value: 'console', label: '操作台' },
                    ]}
                    onChange={(value) => setRankBy(value as 'unit' | 'console')}
                  />
                }
              >
                {ranked ? <Chart option={ranked} label="报警排名" height={260} /> : <Skeleton active />}
              </ProCard>
            </Col>
            <Col xs={24} xl={12}>
              <ProCard title="前十报警" bordered>
                <BelowFold>
                  <Top10 summary={summary} />
                </BelowFold>
              </ProCard>
            </Col>
            <Col xs={24} xl={12}>
              <ProCard title="最近报警泛滥" bordered>
                <BelowFold>
                  <Floods floods={summary.floods} />
                </BelowFold>
              </ProCard>
            </Col>
          </Row>
        )}
      </>
    );
  }

  return (
    <PageContainer extra={<ExportButton path={`${OVER_PATH}/export`} params={query} />}>
      <BoardToolbar boardPath={OVER_PATH} state={state} update={update} />
      {body}
    </PageContainer>
  );
}
