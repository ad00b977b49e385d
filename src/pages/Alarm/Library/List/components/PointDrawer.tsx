/**
 * A point's detail: settings, its setting under each operating condition of its unit, rationalization,
 * current ISA-18.2 state with recent events, abnormal records and the audit trail (who, when, field, before → after, change request or "outside MOC").
 */
import { ProDescriptions } from '@ant-design/pro-components';
import { abnormalKindLabel, POINT_FIELD_LABELS as LABELS, pointFieldLabel } from '@common/alarmLibrary';
import type { LibraryOptions, PointChange, PointDetail } from '@contract/library';
import { useRequest } from 'ahooks';
import { Alert, Descriptions, Drawer, Result, Skeleton, Space, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import EffectiveSettings from '@/components/moc/EffectiveSettings';
import { PriorityNamesProvider } from '@/components/moc/priorities';
import { fetchPoint } from '@/services/library';
import { formatDateTime } from '@/utils/datetime';
import { failureMessage } from '@/utils/requestFailure';
import RationalizationTab from './RationalizationTab';
import { AbnormalTags, ConditionTag, PriorityTag, StateTag } from './Tags';

const time = (iso: string | null) => (iso ? formatDateTime(iso) : '—');
const text = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : String(value);

const SOURCE_LABELS: Record<PointChange['source'], string> = {
  library: '报警库直接修改（未走变更）',
  import: '导入（未走变更）',
  moc: '变更管理',
};

/** Audit values are kept as text; booleans read as 是/否 and times in local time. */
function auditValue(field: string, value: string | null): string {
  if (value === null || value === '') return '（空）';
  if (value === 'true' || value === 'false') return value === 'true' ? '是' : '否';
  if (field === 'confirmedAt') return formatDateTime(value);
  return value;
}

function SettingsTab({ detail, options }: { detail: PointDetail; options?: LibraryOptions }) {
  const { point } = detail;
  return (
    <ProDescriptions column={2} dataSource={point} bordered size="small">
      <ProDescriptions.Item label={LABELS.tag}>{point.tag}</ProDescriptions.Item>
      <ProDescriptions.Item label={LABELS.condition}>
        <ConditionTag code={point.condition} options={options} />
      </ProDescriptions.Item>
      <ProDescriptions.Item label={LABELS.description} span={2}>
        {text(point.description)}
      </ProDescriptions.Item>
      <ProDescriptions.Item label={LABELS.unit}>{text(point.unit)}</ProDescriptions.Item>
      <ProDescriptions.Item label={LABELS.equipment}>{text(point.equipment)}</ProDescriptions.Item>
      <ProDescriptions.Item label={LABELS.console}>{text(point.console)}</ProDescriptions.Item>
      <ProDescriptions.Item label={LABELS.systemType}>{text(point.systemType)}</ProDescriptions.Item>
      <ProDescriptions.Item label={LABELS.limitValue}>
        {text(point.limitValue)} {point.engineeringUnit}
      </ProDescriptions.Item>
      <ProDescriptions.Item label="量程">
        {point.rangeLow === null && point.rangeHigh === null
          ? '—'
          : `${text(point.rangeLow)} ~ ${text(point.rangeHigh)} ${point.engineeringUnit}`}
      </ProDescriptions.Item>
      <ProDescriptions.Item label={LABELS.deadband}>{text(point.deadband)}</ProDescriptions.Item>
      <ProDescriptions.Item label={LABELS.priority}>
        <PriorityTag code={point.priority} options={options} />
      </ProDescriptions.Item>
      <ProDescriptions.Item label={LABELS.onDelaySeconds}>{text(point.onDelaySeconds)}</ProDescriptions.Item>
      <ProDescriptions.Item label={LABELS.offDelaySeconds}>{text(point.offDelaySeconds)}</ProDescriptions.Item>
      <ProDescriptions.Item label={LABELS.alarmClass}>{text(point.alarmClass)}</ProDescriptions.Item>
      <ProDescriptions.Item label={LABELS.enabled}>{point.enabled ? '是' : '否'}</ProDescriptions.Item>
      <ProDescriptions.Item label="版本">{point.version}</ProDescriptions.Item>
      <ProDescriptions.Item label="创建">
        {point.createdBy || '—'} · {time(point.createdAt)}
      </ProDescriptions.Item>
      <ProDescriptions.Item label="最近修改" span={2}>
        {point.updatedBy || '—'} · {time(point.updatedAt)}
      </ProDescriptions.Item>
    </ProDescriptions>
  );
}

const yesNo = (flag: boolean) => (flag ? '是' : '否');

function StateTab({ detail }: { detail: PointDetail }) {
  const { state, events } = detail;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Descriptions column={3} bordered size="small">
        <Descriptions.Item label="当前状态" span={3}>
          <StateTag state={state.letter} />
        </Descriptions.Item>
        <Descriptions.Item label="报警中">{yesNo(state.active)}</Descriptions.Item>
        <Descriptions.Item label="已确认">{yesNo(state.acked)}</Descriptions.Item>
        <Descriptions.Item label="已搁置">{yesNo(state.shelved)}</Descriptions.Item>
        <Descriptions.Item label="设计抑制">{yesNo(state.suppressed)}</Descriptions.Item>
        <Descriptions.Item label="退出服务">{yesNo(state.outOfService)}</Descriptions.Item>
        <Descriptions.Item label="最近事件">{time(state.lastEventAt)}</Descriptions.Item>
      </Descriptions>
      <Table
        aria-label="最近事件"
        size="small"
        rowKey={(event) => `${event.time}-${event.event}`}
        dataSource={events}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        locale={{ emptyText: '暂无报警事件' }}
        columns={[
          { title: '时间', dataIndex: 'time', render: (value: string) => formatDateTime(value) },
          { title: '事件', dataIndex: 'event' },
          { title: '优先级', dataIndex: 'priority' },
          { title: '操作台', dataIndex: 'console', render: text },
          { title: '数值', dataIndex: 'value', render: text },
        ]}
      />
    </Space>
  );
}

function AbnormalTab({ detail }: { detail: PointDetail }) {
  return (
    <Table
      aria-label="异常记录"
      size="small"
      rowKey="id"
      dataSource={detail.abnormal}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      locale={{ emptyText: '暂无异常报警记录' }}
      columns={[
        { title: '异常类型', dataIndex: 'kind', render: abnormalKindLabel },
        { title: '首次发现', dataIndex: 'firstSeen', render: time },
        { title: '最近发现', dataIndex: 'lastSeen', render: time },
        { title: '次数', dataIndex: 'count' },
        {
          title: '状态',
          dataIndex: 'status',
          render: (status: string) => <Tag color={status === '未处置' ? 'error' : 'default'}>{status}</Tag>,
        },
        { title: '处置人', dataIndex: 'handledBy', render: text },
        { title: '处置说明', dataIndex: 'note', render: text },
      ]}
    />
  );
}

function ChangesTab({ detail }: { detail: PointDetail }) {
  return (
    <Table<PointChange>
      aria-label="变更记录"
      size="small"
      rowKey="id"
      dataSource={detail.changes}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      locale={{ emptyText: '暂无变更记录' }}
      columns={[
        { title: '时间', dataIndex: 'changedAt', render: time, width: 170 },
        { title: '修改人', dataIndex: 'changedBy' },
        { title: '字段', dataIndex: 'field', render: pointFieldLabel },
        {
          title: '修改前 → 修改后',
          key: 'values',
          render: (_, change) =>
            change.field === 'created'
              ? '—'
              : `${auditValue(change.field, change.before)} → ${auditValue(change.field, change.after)}`,
        },
        {
          title: '来源',
          dataIndex: 'source',
          render: (_, change) =>
            change.changeRequestId ? `变更单 #${change.changeRequestId}` : SOURCE_LABELS[change.source],
        },
      ]}
    />
  );
}

export interface PointDrawerProps {
  pointId?: number;
  options?: LibraryOptions;
  /** Changes when the point was changed elsewhere (edit, handle…), to load it again. */
  refreshKey?: number;
  /** The user may edit the point (and so its rationalization record). */
  canEdit?: boolean;
  /** The point was changed in the drawer (its rationalization record saved). */
  onChanged?: () => void;
  onClose: () => void;
}

export default function PointDrawer({
  pointId,
  options,
  refreshKey,
  canEdit = false,
  onChanged,
  onClose,
}: PointDrawerProps) {
  // The tab stays chosen while the point is loaded again after a change.
  const [tab, setTab] = useState('settings');
  const { data, loading, error } = useRequest(() => fetchPoint(pointId as number), {
    ready: pointId !== undefined,
    refreshDeps: [pointId, refreshKey],
  });
  const detail = data?.point.id === pointId ? data : undefined;
  const openCount = detail?.abnormal.filter((record) => record.status === '未处置').length ?? 0;

  return (
    <Drawer
      title={detail ? `报警点 ${detail.point.tag} / ${detail.point.condition}` : '报警点详情'}
      width={820}
      open={pointId !== undefined}
      onClose={onClose}
      destroyOnClose
    >
      {error && !detail ? (
        <Result status="warning" title="报警点详情加载失败" subTitle={failureMessage(error)} />
      ) : !detail || loading ? (
        <Skeleton active />
      ) : (
        <>
          {openCount > 0 && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              message={
                <>
                  有 {openCount} 条未处置的异常报警：
                  <AbnormalTags
                    kinds={detail.abnormal.filter((record) => record.status === '未处置').map((record) => record.kind)}
                  />
                </>
              }
            />
          )}
          <Tabs
            activeKey={tab}
            onChange={setTab}
            items={[
              { key: 'settings', label: '基本信息', children: <SettingsTab detail={detail} options={options} /> },
              {
                key: 'conditions',
                label: '工况设置',
                children: (
                  <PriorityNamesProvider value={options?.priorities ?? []}>
                    <EffectiveSettings pointId={detail.point.id} />
                  </PriorityNamesProvider>
                ),
              },
              {
                key: 'rationalization',
                label: '合理化',
                children: (
                  <RationalizationTab
                    key={detail.point.id}
                    pointId={detail.point.id}
                    options={options}
                    canEdit={canEdit}
                    onSaved={onChanged}
                  />
                ),
              },
              { key: 'state', label: '状态与事件', children: <StateTab detail={detail} /> },
              { key: 'abnormal', label: '异常记录', children: <AbnormalTab detail={detail} /> },
              { key: 'changes', label: '变更记录', children: <ChangesTab detail={detail} /> },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
