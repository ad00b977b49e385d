/**
 * 多工况管理: per unit, its operating conditions with the active one marked, the switch history (who,
 * when), and switching. New and changed conditions go through change management: 新建工况 and 编辑 open
 * the condition form, which proposes a change request. Actions follow the route's create / edit / delete.
 */
import {
  type ActionType,
  ModalForm,
  PageContainer,
  ProCard,
  type ProColumns,
  ProFormDateTimePicker,
  ProFormTextArea,
  ProTable,
} from '@ant-design/pro-components';
import { permissionString } from '@common/routes';
import type { ConditionSummary, ConditionSwitch, ConditionUnit } from '@contract/moc';
import { history, useAccess } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Button, Descriptions, Empty, Popconfirm, Select, Skeleton, Space, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type React from 'react';
import { useRef, useState } from 'react';
import ExportButton from '@/components/ExportButton';
import LoadFailed from '@/components/LoadFailed';
import { act } from '@/components/moc/act';
import RowAction from '@/components/RowAction';
import {
  changePage,
  deleteCondition,
  editConditionPage,
  fetchConditions,
  fetchConditionUnits,
  fetchSwitches,
  switchCondition,
  WORKING_CREATE_PAGE,
  WORKING_PATH,
} from '@/services/moc';
import { formatDateTime } from '@/utils/datetime';
import { fromPlantPicker } from '@/utils/plantTime';
import { tableRequest } from '@/utils/proTable';

function ActiveCondition({ unit }: { unit: ConditionUnit }) {
  return (
    <Descriptions size="small" column={3}>
      <Descriptions.Item label="当前工况">
        {unit.activeCondition ? <Tag color="success">{unit.activeCondition}</Tag> : '未设置（按基准设置运行）'}
      </Descriptions.Item>
      <Descriptions.Item label="切换时间">{unit.switchedAt ? formatDateTime(unit.switchedAt) : '—'}</Descriptions.Item>
      <Descriptions.Item label="切换人">{unit.switchedBy ?? '—'}</Descriptions.Item>
    </Descriptions>
  );
}

const switchColumns: ProColumns<ConditionSwitch>[] = [
  { title: '切换时间', dataIndex: 'switchedAt', render: (_, row) => formatDateTime(row.switchedAt) },
  { title: '切换前', dataIndex: 'previousCondition', render: (_, row) => row.previousCondition ?? '—' },
  { title: '切换后', dataIndex: 'condition' },
  { title: '切换人', dataIndex: 'switchedByName' },
  { title: '说明', dataIndex: 'note', ellipsis: true, render: (_, row) => row.note || '—' },
];

function UnitConditions({ unit, onSwitched }: { unit: ConditionUnit; onSwitched: () => void }) {
  const { can } = useAccess();
  const allowed = (action: 'create' | 'edit' | 'delete') => can(permissionString(WORKING_PATH, action));
  const conditionsRef = useRef<ActionType>();
  const switchesRef = useRef<ActionType>();
  const [switching, setSwitching] = useState<ConditionSummary>();

  const reload = () => {
    conditionsRef.current?.reload();
    switchesRef.current?.reload();
    onSwitched();
  };

  const doSwitch = async ({ switchedAt, note }: { switchedAt?: Dayjs; note?: string }) => {
    if (!switching) return false;
    return act(
      () =>
        switchCondition({
          unitId: unit.unitId,
          conditionId: switching.id,
          switchedAt: switchedAt ? fromPlantPicker(dayjs(switchedAt)).toISOString() : undefined,
          note: note?.trim() || undefined,
        }),
      `${unit.unit}已切换到「${switching.name}」`,
      reload,
    );
  };

  const columns: ProColumns<ConditionSummary>[] = [
    {
      title: '工况',
      dataIndex: 'name',
      render: (_, row) => (
        <Space>
          {row.name}
          {row.active && <Tag color="success">当前工况</Tag>}
        </Space>
      ),
    },
    { title: '说明', dataIndex: 'description', ellipsis: true },
    { title: '设置的报警点', dataIndex: 'overrideCount', width: 110 },
    {
      title: '进行中的变更',
      dataIndex: 'openChangeRequestId',
      render: (_, row) =>
        row.openChangeRequestId ? (
          <RowAction onClick={() => history.push(changePage(row.openChangeRequestId as number))}>
            #{row.openChangeRequestId}
          </RowAction>
        ) : (
          '—'
        ),
    },
    { title: '修改人', dataIndex: 'updatedBy' },
    { title: '修改时间', dataIndex: 'updatedAt', render: (_, row) => formatDateTime(row.updatedAt) },
    {
      title: '操作',
      valueType: 'option',
      hideInTable: !allowed('edit') && !allowed('delete'),
      width: 200,
      render: (_, row) => (
        <Space size="small" wrap>
          {allowed('edit') && !row.active && <RowAction onClick={() => setSwitching(row)}>切换到此工况</RowAction>}
          {allowed('edit') && <RowAction onClick={() => history.push(editConditionPage(row.id))}>编辑</RowAction>}
          {allowed('delete') && (
            <Popconfirm
              title={`删除工况「${row.name}」？其报警设置一并删除。`}
              onConfirm={() => act(() => deleteCondition(row.id), `已删除工况「${row.name}」`, reload)}
            >
              <RowAction danger>删除</RowAction>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <ProCard title={`${unit.unit} 的工况`} headerBordered>
        {/* In the card's body, not its header: beside the title it squeezed the title to one character a line. */}
        <ActiveCondition unit={unit} />
        <ProTable<ConditionSummary>
          rowKey="id"
          aria-label="工况列表"
          actionRef={conditionsRef}
          columns={columns}
          params={{ unitId: unit.unitId }}
          request={tableRequest(fetchConditions)}
          search={false}
          options={false}
          pagination={{ defaultPageSize: 20, hideOnSinglePage: true }}
          onRow={(row) => (row.active ? { style: { background: '#f6ffed' } } : {})}
          locale={{ emptyText: '该装置还没有工况' }}
          toolBarRender={() => [
            <ExportButton key="export" route="GET /alarm/op/working/export" query={{ unitId: unit.unitId }} />,
            allowed('create') && (
              <Button
                key="create"
                type="primary"
                onClick={() => history.push(`${WORKING_CREATE_PAGE}?unitId=${unit.unitId}`)}
              >
                新建工况
              </Button>
            ),
          ]}
        />
      </ProCard>
      <ProCard title="切换记录" style={{ marginTop: 16 }} headerBordered>
        <ProTable<ConditionSwitch>
          rowKey="id"
          aria-label="切换记录"
          actionRef={switchesRef}
          columns={switchColumns}
          params={{ unitId: unit.unitId }}
          request={tableRequest(fetchSwitches)}
          search={false}
          options={false}
          toolBarRender={false}
          pagination={{ defaultPageSize: 10, hideOnSinglePage: true }}
          locale={{ emptyText: '还没有切换记录' }}
        />
      </ProCard>
      <ModalForm<{ switchedAt?: Dayjs; note?: string }>
        title={switching ? `将${unit.unit}切换到「${switching.name}」` : '切换工况'}
        open={switching !== undefined}
        onOpenChange={(open) => !open && setSwitching(undefined)}
        modalProps={{ destroyOnClose: true }}
        submitter={{ searchConfig: { submitText: '切换' } }}
        onFinish={doSwitch}
      >
        <ProFormDateTimePicker
          name="switchedAt"
          label="切换时间"
          placeholder="留空为现在"
          rules={[
            {
              validator: async (_, value?: Dayjs) => {
                if (value && fromPlantPicker(dayjs(value)).getTime() > Date.now())
                  throw new Error('切换时间不能晚于现在');
              },
            },
          ]}
        />
        <ProFormTextArea name="note" label="说明" rules={[{ max: 500, message: '说明不能超过 500 个字符' }]} />
      </ModalForm>
    </>
  );
}

export default function ConditionsPage() {
  const units = useRequest(fetchConditionUnits);
  const [chosen, setChosen] = useState<number>();
  const unit = units.data?.find((row) => row.unitId === chosen) ?? units.data?.[0];

  let body: React.ReactNode;
  if (units.error) {
    body = <LoadFailed title="加载装置失败" error={units.error} retry={units.refresh} />;
  } else if (!units.data) body = <Skeleton active />;
  else if (!unit) body = <Empty description="还没有装置：请先在报警库中导入报警点（装置随之建立）" />;
  else body = <UnitConditions key={unit.unitId} unit={unit} onSwitched={units.refresh} />;

  return (
    <PageContainer
      extra={
        <Select<number>
          aria-label="装置"
          style={{ width: 220 }}
          placeholder="选择装置"
          loading={units.loading}
          value={unit?.unitId}
          onChange={setChosen}
          options={units.data?.map((row) => ({
            value: row.unitId,
            label: `${row.unit}（${row.activeCondition ?? '未设工况'}）`,
          }))}
        />
      }
    >
      {body}
    </PageContainer>
  );
}
