/** 设备报警看板 (/alarm/board/eq): alarms per equipment, equipment × day heatmap, drill-down to points and events. */
import { PageContainer, ProCard } from '@ant-design/pro-components';
import type { EquipmentLoad } from '@contract/boards';
import type { BoardQuery } from '@contract/kpi';
import { useRequest } from 'ahooks';
import { Button, Col, Drawer, Row, Skeleton, Table } from 'antd';
import type React from 'react';
import { useMemo, useState } from 'react';
import { LoadFailed, NoAlarmData } from '@/components/board/BoardStates';
import BoardToolbar from '@/components/board/BoardToolbar';
import { useBoardQuery } from '@/components/board/boardQuery';
import Chart from '@/components/charts/Chart';
import ExportButton from '@/components/ExportButton';
import { EQUIPMENT_PATH, fetchEquipmentBoard, fetchEquipmentDetail } from '@/services/boards';
import { formatDateTime } from '@/utils/datetime';
import { equipmentHeatmapOption, equipmentRankingOption } from './components/charts';

function EquipmentDrawer({
  equipment,
  query,
  onClose,
}: {
  equipment?: EquipmentLoad;
  query: BoardQuery;
  onClose: () => void;
}) {
  const { data, loading, error, refresh } = useRequest(() => fetchEquipmentDetail(equipment?.id as number, query), {
    ready: Boolean(equipment),
    refreshDeps: [equipment?.id, query],
  });
  return (
    <Drawer
      open={Boolean(equipment)}
      onClose={onClose}
      width={720}
      title={equipment ? `${equipment.name}（${equipment.unit}）` : ''}
    >
      {error ? <LoadFailed error={error} retry={refresh} /> : <EquipmentDetailTables data={data} loading={loading} />}
    </Drawer>
  );
}

function EquipmentDetailTables({
  data,
  loading,
}: {
  data?: Awaited<ReturnType<typeof fetchEquipmentDetail>>;
  loading: boolean;
}) {
  return (
    <>
      <Table
        aria-label="设备报警点"
        size="small"
        loading={loading}
        pagination={false}
        rowKey={(row) => `${row.tag}\u0000${row.condition}`}
        dataSource={data?.points}
        columns={[
          { title: '位号', dataIndex: 'tag' },
          { title: '报警类型', dataIndex: 'condition' },
          { title: '描述', dataIndex: 'description' },
          { title: '报警数', dataIndex: 'annunciations', align: 'right' },
        ]}
        style={{ marginBottom: 16 }}
      />
      <Table
        aria-label="最近事件"
        size="small"
        loading={loading}
        pagination={{ pageSize: 10 }}
        rowKey={(row) => `${row.time}\u0000${row.tag}\u0000${row.condition}\u0000${row.event}`}
        dataSource={data?.events}
        columns={[
          { title: '时间', dataIndex: 'time', render: (value: string) => formatDateTime(value) },
          { title: '位号', dataIndex: 'tag' },
          { title: '报警类型', dataIndex: 'condition' },
          { title: '事件', dataIndex: 'event' },
        ]}
      />
    </>
  );
}

export default function EquipmentBoard() {
  const { state, query, update } = useBoardQuery('7d');
  const { data, error, refresh } = useRequest(() => fetchEquipmentBoard(query), { refreshDeps: [query] });
  const [selected, setSelected] = useState<EquipmentLoad>();
  const ranking = useMemo(() => (data?.equipment.length ? equipmentRankingOption(data.equipment) : undefined), [data]);
  const heatmap = useMemo(() => (data?.equipment.length ? equipmentHeatmapOption(data) : undefined), [data]);

  let body: React.ReactNode;
  if (error) body = <LoadFailed error={error} retry={refresh} />;
  else if (!data) body = <Skeleton active />;
  else if (!data.equipment.length) body = <NoAlarmData />;
  else {
    body = (
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <ProCard title="设备报警排名（按报警类型）" bordered>
            {ranking && <Chart option={ranking} label="设备报警排名" height={420} />}
          </ProCard>
        </Col>
        <Col xs={24} xl={12}>
          <ProCard title="设备 × 日期报警热力图" bordered>
            {heatmap && <Chart option={heatmap} label="设备报警热力图" height={420} />}
          </ProCard>
        </Col>
        <Col span={24}>
          <ProCard title="设备报警明细" bordered>
            <Table<EquipmentLoad>
              aria-label="设备报警明细"
              size="small"
              rowKey="id"
              dataSource={data.equipment}
              columns={[
                { title: '设备', dataIndex: 'name' },
                { title: '装置', dataIndex: 'unit' },
                { title: '设备类型', dataIndex: 'equipmentType' },
                { title: '报警数', dataIndex: 'annunciations', align: 'right' },
                {
                  title: '按报警类型',
                  key: 'byCondition',
                  render: (_, row) =>
                    Object.entries(row.byCondition)
                      .map(([condition, n]) => `${condition} ${n}`)
                      .join('，'),
                },
                {
                  title: '操作',
                  key: 'action',
                  render: (_, row) => (
                    <Button type="link" size="small" onClick={() => setSelected(row)}>
                      报警点与事件
                    </Button>
                  ),
                },
              ]}
            />
          </ProCard>
        </Col>
      </Row>
    );
  }

  return (
    <PageContainer extra={<ExportButton route="GET /alarm/board/eq/export" query={query} />}>
      <BoardToolbar boardPath={EQUIPMENT_PATH} state={state} update={update} />
      {body}
      <EquipmentDrawer equipment={selected} query={query} onClose={() => setSelected(undefined)} />
    </PageContainer>
  );
}
