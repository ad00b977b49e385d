/** 报警总览 (/alarm/board/over): KPI cards against targets, trend, priority split, top 10, ranking, floods. */
import { PageContainer, ProCard } from '@ant-design/pro-components';
import { LIBRARY_ROUTE, OPEN_ABNORMAL_LIST } from '@common/alarmLibrary';
import { permissionString } from '@common/routes';
import { trendBucket, trendOption } from '@common/trendChart';
import { TARGET_KPIS, type TargetKpi } from '@contract/vocabulary';
import { Link, useAccess } from '@umijs/max';
import { Col, Row, Segmented, Skeleton } from 'antd';
import type React from 'react';
import { lazy, useMemo, useState } from 'react';
import { LoadFailed, NoAlarmData } from '@/components/board/BoardStates';
import BoardToolbar from '@/components/board/BoardToolbar';
import { useBoardQuery } from '@/components/board/boardQuery';
import { CardPlaceholder, InfoCard, KpiCard } from '@/components/board/KpiCard';
import Chart from '@/components/charts/Chart';
import { priorityOption } from '@/components/charts/priorityOption';
import ExportButton from '@/components/ExportButton';
import LoadFailedResult from '@/components/LoadFailed';
import { BelowFold } from '@/components/NearViewport';
import { OVER_PATH, OVER_RANGE, OVER_RANK_BY, type RankBy, useOverview } from '@/services/boards';
import { fetchTrendPicture, trendPictureKey, useRanking, useSeries } from '@/services/kpi';
import { plantTimeZone } from '@/utils/plantTime';
import { rankingOption } from './components/charts';

/** The KPIs with a target, but for fleeting alarms, which the performance board shows. */
const CARD_KPIS: TargetKpi[] = TARGET_KPIS.filter((kpi) => kpi !== 'fleetingCount');

/** Where the cards stand while the board's data is on its way: the total, the KPIs, the open abnormal alarms. */
const CARD_PLACES = ['annunciations', ...CARD_KPIS, 'openAbnormal'];

const Top10 = lazy(() => import('./components/tables').then(({ Top10 }) => ({ default: Top10 })));
const Floods = lazy(() => import('./components/tables').then(({ Floods }) => ({ default: Floods })));

/**
 * A panel fed by its own request: when that request fails the panel says so and retries, while the rest
 * of the board stays; a skeleton until its content is there.
 */
function PanelState({
  title,
  request,
  children,
}: {
  title: string;
  request: { error?: Error; isValidating: boolean; mutate: () => unknown };
  children?: React.ReactNode;
}) {
  if (request.error && !request.isValidating) {
    return <LoadFailedResult title={`${title}加载失败`} error={request.error} retry={() => request.mutate()} />;
  }
  return children || <Skeleton active />;
}

export default function OverviewBoard() {
  const { state, query, update } = useBoardQuery(OVER_RANGE);
  // The board's view permission is its export permission, on the server as here.
  const access = useAccess();
  const canExport = access.can(permissionString(OVER_PATH, 'view'));
  // The priority card leads to the library's mismatching points, for those who may open the library.
  const canOpenLibrary = access.can(permissionString(LIBRARY_ROUTE, 'view'));
  const [rankBy, setRankBy] = useState<RankBy>(OVER_RANK_BY);
  const bucket = trendBucket(query.from, query.to);
  // Read through SWR: what start-up preloaded for the same query is taken, not asked again.
  const overview = useOverview(query);
  const series = useSeries({ ...query, bucket });
  const ranking = useRanking({ ...query, by: rankBy });
  const trendPicture = useMemo(
    () => ({
      key: (size: { width: number; height: number }) => trendPictureKey({ ...query, bucket }, size),
      fetch: fetchTrendPicture,
    }),
    [query, bucket],
  );

  const data = overview.data;
  const trend = useMemo(() => {
    const points = series.data;
    const threshold = data?.overloadThreshold;
    if (!points || threshold === undefined) return undefined;
    // Bars labelled on the plant's clock, as the server's picture of the same trend; built when the chart goes live.
    return () => trendOption(points, bucket, threshold, plantTimeZone());
  }, [series.data, data?.overloadThreshold, bucket]);
  const priorities = useMemo(
    () => (data ? priorityOption(data.summary.priorityDistribution, data.priorities) : undefined),
    [data],
  );
  const ranked = useMemo(() => (ranking.data ? rankingOption(ranking.data) : undefined), [ranking.data]);

  // The board's frame stands before its data: the trend card asks for its picture at once.
  let body: React.ReactNode;
  if (overview.error) body = <LoadFailed error={overview.error} retry={() => overview.mutate()} />;
  else {
    const summary = data?.summary;
    body = (
      <>
        <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
          {data && summary ? (
            <>
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
                  note={<Link to={OPEN_ABNORMAL_LIST}>查看异常报警列表</Link>}
                />
              </Col>
            </>
          ) : (
            CARD_PLACES.map((place) => (
              <Col key={place} xs={12} md={8} xl={6}>
                <CardPlaceholder />
              </Col>
            ))
          )}
        </Row>
        {summary?.annunciations === 0 ? (
          <ProCard>
            <NoAlarmData />
          </ProCard>
        ) : (
          <Row gutter={[16, 16]}>
            <Col span={24}>
              <ProCard title="报警趋势" bordered>
                <PanelState title="报警趋势" request={series}>
                  <Chart option={trend} label="报警趋势" picture={trendPicture} />
                </PanelState>
              </ProCard>
            </Col>
            <Col xs={24} xl={12}>
              <ProCard
                title="优先级分布（实际 / 目标）"
                bordered
                extra={
                  data &&
                  canOpenLibrary && (
                    <Link to={`${LIBRARY_ROUTE}?priorityMismatch=1`}>
                      优先级与矩阵建议不一致：{data.priorityMismatches} 个
                    </Link>
                  )
                }
              >
                {priorities ? <Chart option={priorities} label="优先级分布" height={260} /> : <Skeleton active />}
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
                    onChange={(value) => setRankBy(value as RankBy)}
                  />
                }
              >
                <PanelState title="报警排名" request={ranking}>
                  {ranked && <Chart option={ranked} label="报警排名" height={260} />}
                </PanelState>
              </ProCard>
            </Col>
            <Col xs={24} xl={12}>
              <ProCard title="前十报警" bordered>
                {summary ? (
                  <BelowFold>
                    <Top10 summary={summary} />
                  </BelowFold>
                ) : (
                  <Skeleton active />
                )}
              </ProCard>
            </Col>
            <Col xs={24} xl={12}>
              <ProCard title="最近报警泛滥" bordered>
                {summary ? (
                  <BelowFold>
                    <Floods floods={summary.floods} />
                  </BelowFold>
                ) : (
                  <Skeleton active />
                )}
              </ProCard>
            </Col>
          </Row>
        )}
      </>
    );
  }

  // One workbook: the cards' KPIs, then the top 10, both rankings and the floods of the range.
  return (
    <PageContainer extra={canExport && <ExportButton route="GET /alarm/board/over/export" query={query} />}>
      <BoardToolbar boardPath={OVER_PATH} state={state} update={update} />
      {body}
    </PageContainer>
  );
}
