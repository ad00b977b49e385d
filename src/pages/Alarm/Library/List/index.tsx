/**
 * 报警列表: the alarm library. Server-side paging, sorting and filters (also from the address: `?tag=` and
 * `?open=<id>` open a point, as the abnormal list links); detail drawer; edit, remove, 处置 handle and
 * 确认 confirm shown only to holders of those actions; import and export of the current filter; 按建议优先级起草变更
 * (the chosen rows of the mismatch view, or the filter's mismatching points, as one draft change request).
 */

import { ExclamationCircleOutlined } from '@ant-design/icons';
import { PageContainer, type ProColumns, ProTable } from '@ant-design/pro-components';
import {
  ABNORMAL_KIND_LABELS,
  ISA_STATES,
  POINT_FIELD_LABELS as LABELS,
  LIBRARY_ROUTE,
  NO_ALARM_LABEL,
} from '@common/alarmLibrary';
import { permissionString } from '@common/routes';
import type { LibraryFilters, ListedPoint } from '@contract/library';
import { RATIONALIZATION_STATUSES, SUGGESTIONS, type Suggestion } from '@contract/vocabulary';
import { history, useAccess } from '@umijs/max';
import { Alert, Button, message, Popconfirm, Space, Tooltip, theme } from 'antd';
import { lazy, Suspense, useRef, useState } from 'react';
import ExportButton from '@/components/ExportButton';
import RowAction from '@/components/RowAction';
import {
  confirmPoint,
  libraryAddressFilters,
  removePoint,
  useLibraryList,
  useLibraryOptions,
} from '@/services/library';
import { formatDateTime } from '@/utils/datetime';
import { getQueryParam } from '@/utils/query';
import { failureMessage } from '@/utils/requestFailure';
import { AbnormalTags, ConditionTag, PriorityTag, StateTag } from './components/Tags';

// The detail drawer, editing, handling and importing are fetched when first opened: the list's first load
// carries none of them.
const PointDrawer = lazy(() => import('./components/PointDrawer'));
const ImportModal = lazy(() => import('./components/ImportModal'));
const PointForm = lazy(() => import('./components/PointForm'));
const HandleForm = lazy(() => import('./components/HandleForm'));

const valueEnum = (entries: [string, string][]) =>
  Object.fromEntries(entries.map(([value, text]) => [value, { text }]));

/** The point the address asks to open (`?open=<id>`), once. */
function pointFromAddress(): number | undefined {
  const id = Number(getQueryParam('open'));
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

export default function AlarmLibraryPage() {
  const { can } = useAccess();
  const { token } = theme.useToken();
  const allowed = (action: 'edit' | 'remove' | 'handle' | 'confirm') => can(permissionString(LIBRARY_ROUTE, action));
  const options = useLibraryOptions();
  const [addressFilters] = useState(libraryAddressFilters);
  const list = useLibraryList(addressFilters);
  const [openId, setOpenId] = useState<number | undefined>(pointFromAddress);
  // Mounted from the first opening on, so that it closes with its animation.
  const drawerUsed = useRef(false);
  if (openId !== undefined) drawerUsed.current = true;
  const [editing, setEditing] = useState<ListedPoint>();
  const [handling, setHandling] = useState<ListedPoint>();
  const [importing, setImporting] = useState(false);
  const [changes, setChanges] = useState(0);
  const [selected, setSelected] = useState<number[]>([]);
  const canDraft = can(permissionString('/alarm/op/update', 'create'));
  // Rows are chosen in the mismatch view only: elsewhere the table keeps its width (no selection column).
  const choosing = canDraft && String(list.filters.priorityMismatch) === '1';

  const changed = () => {
    setChanges((count) => count + 1);
    list.reload();
  };

  /** Runs a row action; the request client shows a refusal, so only success is reported here. */
  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      message.success(done);
      changed();
    } catch {
      // shown by the request client
    }
  };

  /**
   * 按建议优先级起草变更: the chosen rows, or else every mismatching point of the filter, become ONE draft
   * request (never direct edits), opened in 发起变更. The client is fetched on first use.
   */
  const draftSuggestions = async () => {
    const { CHANGE_CREATE_PAGE, draftFromSuggestions } = await import('@/services/moc');
    try {
      const { change, skipped } = await draftFromSuggestions(
        choosing && selected.length
          ? { pointIds: selected }
          : { filters: { ...list.filters, priorityMismatch: 1 } as LibraryFilters },
      );
      const left = skipped.noSuggestion + skipped.noAlarm + skipped.matching;
      message.success(
        `已起草变更单 #${change.id}（${change.itemCount} 项）${left ? `，跳过 ${left} 个无需调整或无建议的报警点` : ''}`,
      );
      history.push(`${CHANGE_CREATE_PAGE}?id=${change.id}`);
    } catch {
      // shown by the request client
    }
  };

  const data = options.data;
  const suggestionLabel = (code: Suggestion) =>
    code === 'noAlarm' ? NO_ALARM_LABEL : (data?.priorities.find((item) => item.code === code)?.name ?? code);
  const columns: ProColumns<ListedPoint>[] = [
    {
      title: LABELS.tag,
      dataIndex: 'tag',
      width: 96,
      sorter: true,
      initialValue: addressFilters.tag,
      fieldProps: { placeholder: '位号开头，如 FIC-1' },
      render: (_, point) => <RowAction onClick={() => setOpenId(point.id)}>{point.tag}</RowAction>,
    },
    {
      title: LABELS.condition,
      dataIndex: 'condition',
      width: 72,
      valueType: 'select',
      valueEnum: valueEnum(data?.conditions.map((type) => [type.code, `${type.code} ${type.name}`]) ?? []),
      render: (_, point) => <ConditionTag code={point.condition} options={data} />,
    },
    { title: LABELS.description, dataIndex: 'description', width: 90, search: false, ellipsis: true },
    {
      title: LABELS.unit,
      dataIndex: 'unitId',
      width: 72,
      valueType: 'select',
      fieldProps: { showSearch: true },
      valueEnum: valueEnum(data?.units.map((unit) => [String(unit.id), unit.name]) ?? []),
      render: (_, point) => point.unit ?? '—',
    },
    {
      title: LABELS.equipment,
      dataIndex: 'equipmentId',
      // Below 1600 px wide the row keeps to the screen: equipment and console stay filters, out of the table.
      responsive: ['xxl'],
      width: 70,
      valueType: 'select',
      fieldProps: { showSearch: true },
      valueEnum: valueEnum(data?.equipment.map((equipment) => [String(equipment.id), equipment.name]) ?? []),
      render: (_, point) => point.equipment ?? '—',
    },
    {
      title: LABELS.console,
      dataIndex: 'consoleId',
      responsive: ['xxl'],
      width: 80,
      valueType: 'select',
      valueEnum: valueEnum(data?.consoles.map((item) => [String(item.id), item.name]) ?? []),
      render: (_, point) => point.console ?? '—',
    },
    {
      title: LABELS.priority,
      dataIndex: 'priority',
      width: 64,
      valueType: 'select',
      sorter: true,
      valueEnum: valueEnum(data?.priorities.map((priority) => [priority.code, priority.name]) ?? []),
      render: (_, point) => (
        <Space size={4}>
          <PriorityTag code={point.priority} options={data} />
          {point.suggestedPriority !== null && point.suggestedPriority !== point.priority && (
            <Tooltip title={`与优先级矩阵的建议（${suggestionLabel(point.suggestedPriority)}）不一致`}>
              <ExclamationCircleOutlined
                aria-label={`矩阵建议：${suggestionLabel(point.suggestedPriority)}`}
                style={{ color: token.colorWarning }}
              />
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      // A filter only: in the table the priority cell marks a suggestion that differs (the row keeps to 1280 px).
      title: '建议优先级',
      dataIndex: 'suggestedPriority',
      hideInTable: true,
      valueType: 'select',
      valueEnum: valueEnum(SUGGESTIONS.map((code) => [code, suggestionLabel(code)])),
    },
    {
      title: '优先级不一致',
      dataIndex: 'priorityMismatch',
      hideInTable: true,
      valueType: 'select',
      valueEnum: { 1: { text: '是' } },
    },
    {
      title: '合理化记录',
      dataIndex: 'rationalized',
      hideInTable: true,
      valueType: 'select',
      valueEnum: { 1: { text: '已完整' }, 0: { text: '未合理化' } },
    },
    {
      title: '当前状态',
      dataIndex: 'state',
      width: 112,
      search: false,
      tooltip: Object.entries(ISA_STATES)
        .map(([letter, state]) => `${letter} ${state.label}`)
        .join('，'),
      render: (_, point) => <StateTag state={point.state} />,
    },
    {
      title: LABELS.rationalizationStatus,
      dataIndex: 'rationalizationStatus',
      width: 80,
      valueType: 'select',
      sorter: true,
      valueEnum: valueEnum(RATIONALIZATION_STATUSES.map((status) => [status, status])),
    },
    {
      title: '异常报警',
      dataIndex: 'abnormalKind',
      width: 116,
      valueType: 'select',
      valueEnum: valueEnum(Object.entries(ABNORMAL_KIND_LABELS)),
      fieldProps: { placeholder: '有未处置的此类异常' },
      render: (_, point) => <AbnormalTags kinds={point.openAbnormal} />,
    },
    {
      title: '更新时间',
      dataIndex: 'updatedAt',
      width: 96,
      search: false,
      sorter: true,
      render: (_, point) => formatDateTime(point.updatedAt),
    },
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      width: 88,
      render: (_, point) => (
        <Space size="small" wrap>
          <RowAction onClick={() => setOpenId(point.id)}>详情</RowAction>
          {allowed('edit') && <RowAction onClick={() => setEditing(point)}>编辑</RowAction>}
          {allowed('confirm') && point.rationalizationStatus === '待确认' && (
            <Popconfirm
              title={`确认报警点 ${point.tag} / ${point.condition} 的合理化结果？`}
              onConfirm={() => act(() => confirmPoint(point.id), `已确认 ${point.tag} / ${point.condition}`)}
            >
              <RowAction>确认</RowAction>
            </Popconfirm>
          )}
          {allowed('handle') && point.openAbnormal.length > 0 && (
            <RowAction onClick={() => setHandling(point)}>处置</RowAction>
          )}
          {allowed('remove') && (
            <Popconfirm
              title={`删除报警点 ${point.tag} / ${point.condition}？历史记录会保留。`}
              onConfirm={() => act(() => removePoint(point.id), `已删除 ${point.tag} / ${point.condition}`)}
            >
              <RowAction danger>删除</RowAction>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <PageContainer>
      {options.error && <Alert type="error" showIcon message={`筛选选项加载失败：${failureMessage(options.error)}`} />}
      <ProTable<ListedPoint>
        rowKey="id"
        headerTitle="报警库"
        columns={columns}
        {...list.table}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        // The columns' widths: the table fits a 1280 px screen beside the menu, so the fixed 操作 column covers
        // no cell until the window is narrower.
        scroll={{ x: choosing ? 918 : 886 }}
        rowSelection={
          choosing && {
            columnWidth: 32,
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys.map(Number)),
            preserveSelectedRowKeys: true,
          }
        }
        size="middle"
        toolBarRender={() => [
          <ExportButton key="export" route="GET /alarm/bases/list/export" query={list.filters} />,
          canDraft && (
            <Popconfirm
              key="suggestions"
              title={
                choosing && selected.length
                  ? `为所选 ${selected.length} 个报警点起草一个变更申请，把优先级改为矩阵建议？`
                  : '为当前筛选条件下优先级与建议不一致的报警点起草一个变更申请，把优先级改为矩阵建议？'
              }
              onConfirm={draftSuggestions}
            >
              <Button>按建议优先级起草变更</Button>
            </Popconfirm>
          ),
          allowed('edit') && (
            <Button key="import" type="primary" onClick={() => setImporting(true)}>
              导入
            </Button>
          ),
        ]}
      />
      {drawerUsed.current && (
        <Suspense fallback={null}>
          <PointDrawer
            pointId={openId}
            options={data}
            refreshKey={changes}
            canEdit={allowed('edit')}
            onChanged={changed}
            onClose={() => setOpenId(undefined)}
          />
        </Suspense>
      )}
      {editing && (
        <Suspense fallback={null}>
          <PointForm point={editing} options={data} onClose={() => setEditing(undefined)} onSaved={changed} />
        </Suspense>
      )}
      {handling && (
        <Suspense fallback={null}>
          <HandleForm point={handling} onClose={() => setHandling(undefined)} onHandled={changed} />
        </Suspense>
      )}
      {importing && (
        <Suspense fallback={null}>
          <ImportModal open onClose={() => setImporting(false)} onImported={changed} />
        </Suspense>
      )}
    </PageContainer>
  );
}
