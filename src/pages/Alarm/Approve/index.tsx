/**
 * 审批管理: tabs 待我审批 / 我发起的 / 全部. An approver of the current step approves or rejects with a
 * comment (where a separation-of-duties rule excludes them, the server's reason is shown instead);
 * the initiator revokes a pending request (revoke action); ended records are archived (delete
 * action: nothing submitted is deleted) and listed under 已归档. A record opens in a drawer with the change,
 * the progress of its steps and its audit export.
 */
import { type ActionType, PageContainer, type ProColumns, ProTable } from '@ant-design/pro-components';
import { APPROVAL_SCOPE_LABELS } from '@common/moc';
import { permissionString } from '@common/routes';
import type { ApprovalSummary } from '@contract/moc';
import { APPROVAL_SCOPES, type ApprovalScope, type Decision } from '@contract/vocabulary';
import { useAccess } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Drawer, Popconfirm, Result, Skeleton, Space, Tabs, Typography } from 'antd';
import type React from 'react';
import { useRef, useState } from 'react';
import ExportButton from '@/components/ExportButton';
import ArchiveFilter, { type Archive, archiveParam } from '@/components/moc/ArchiveFilter';
import { act } from '@/components/moc/act';
import ChangeDetail from '@/components/moc/ChangeDetail';
import { PriorityDictionary } from '@/components/moc/priorities';
import { businessTypeColumn, changeStatusColumn, RiskTag } from '@/components/moc/Tags';
import RowAction from '@/components/RowAction';
import { APPROVAL_PATH, archiveApproval, fetchApproval, fetchApprovals, revokeApproval } from '@/services/moc';
import { formatOptionalDateTime } from '@/utils/datetime';
import { type ListFilters, tableRequest } from '@/utils/proTable';
import { failureMessage } from '@/utils/requestFailure';
import DecisionModal, { type Deciding } from './components/DecisionModal';

const stepText = (row: ApprovalSummary) =>
  row.currentStep === null
    ? `共 ${row.steps.length} 步，已结束`
    : `第 ${row.currentStep}/${row.steps.length} 步：${row.steps[row.currentStep - 1]?.name ?? ''}`;

function ApprovalDrawer({
  approvalId,
  refreshKey,
  onClose,
  actions,
}: {
  approvalId?: number;
  refreshKey: number;
  onClose: () => void;
  actions: (row: ApprovalSummary) => React.ReactNode;
}) {
  const { data, error } = useRequest(() => fetchApproval(approvalId as number), {
    ready: approvalId !== undefined,
    refreshDeps: [approvalId, refreshKey],
  });
  const detail = data?.id === approvalId ? data : undefined;
  return (
    <Drawer
      title={detail ? `审批：${detail.title}` : '审批详情'}
      width={860}
      open={approvalId !== undefined}
      onClose={onClose}
      extra={detail && actions(detail)}
      destroyOnClose
    >
      {error && !detail ? (
        <Result status="warning" title="审批详情加载失败" subTitle={failureMessage(error)} />
      ) : detail ? (
        <ChangeDetail change={detail.change} />
      ) : (
        <Skeleton active />
      )}
    </Drawer>
  );
}

export default function ApprovalListPage() {
  const { can } = useAccess();
  const canRevoke = can(permissionString(APPROVAL_PATH, 'revoke'));
  const canArchive = can(permissionString(APPROVAL_PATH, 'delete'));
  const [archive, setArchive] = useState<Archive>('active');
  const actionRef = useRef<ActionType>();
  const [scope, setScope] = useState<ApprovalScope>('todo');
  const [filters, setFilters] = useState<ListFilters>({});
  const [openId, setOpenId] = useState<number>();
  const [deciding, setDeciding] = useState<Deciding>();
  const [changes, setChanges] = useState(0);

  const changed = () => {
    setChanges((count) => count + 1);
    actionRef.current?.reload();
  };
  const decide = (approval: ApprovalSummary, decision: Decision) => setDeciding({ approval, decision });

  /** The row's actions (also on the opened record), each only where the server would allow it. */
  const actions = (row: ApprovalSummary, inTable: boolean) => (
    <Space size="small" wrap>
      {inTable && <RowAction onClick={() => setOpenId(row.id)}>详情</RowAction>}
      {row.canDecide && (
        <>
          <RowAction onClick={() => decide(row, 'approve')}>通过</RowAction>
          <RowAction danger onClick={() => decide(row, 'reject')}>
            驳回
          </RowAction>
        </>
      )}
      {row.decideBlock && <Typography.Text type="secondary">{row.decideBlock}</Typography.Text>}
      {row.canRevoke && canRevoke && (
        <Popconfirm
          title={`撤回「${row.title}」的审批？撤回后审批结束。`}
          onConfirm={() => act(() => revokeApproval(row.id), `已撤回「${row.title}」`, changed)}
        >
          <RowAction>撤回</RowAction>
        </Popconfirm>
      )}
      {row.canArchive && canArchive && (
        <Popconfirm
          title={`归档「${row.title}」？归档后将从默认列表隐藏，历史记录保留。`}
          onConfirm={() => act(() => archiveApproval(row.id), `已归档「${row.title}」`, changed)}
        >
          <RowAction>归档</RowAction>
        </Popconfirm>
      )}
    </Space>
  );

  const columns: ProColumns<ApprovalSummary>[] = [
    {
      title: '标题',
      dataIndex: 'title',
      width: 128,
      ellipsis: true,
      fieldProps: { placeholder: '标题中的文字' },
      render: (_, row) => <RowAction onClick={() => setOpenId(row.id)}>{row.title}</RowAction>,
    },
    { ...businessTypeColumn(), width: 88 },
    { ...changeStatusColumn((row) => row.changeStatus), width: 80 },
    {
      title: '风险',
      dataIndex: 'riskLevel',
      width: 56,
      search: false,
      render: (_, row) => <RiskTag risk={row.riskLevel} />,
    },
    { title: '发起人', dataIndex: ['initiator', 'name'], width: 72, search: false },
    { title: '审批流程', dataIndex: 'flowName', width: 80, search: false },
    { title: '审批进度', key: 'progress', width: 80, search: false, render: (_, row) => stepText(row) },
    {
      title: '提交时间',
      dataIndex: 'startedAt',
      width: 96,
      search: false,
      render: (_, row) => formatOptionalDateTime(row.startedAt),
    },
    {
      title: '结束时间',
      dataIndex: 'endedAt',
      width: 96,
      search: false,
      render: (_, row) => formatOptionalDateTime(row.endedAt),
    },
    { title: '操作', valueType: 'option', fixed: 'right', width: 112, render: (_, row) => actions(row, true) },
  ];

  return (
    <PageContainer>
      <Tabs
        activeKey={scope}
        onChange={(key) => setScope(key as ApprovalScope)}
        items={APPROVAL_SCOPES.map((key) => ({ key, label: APPROVAL_SCOPE_LABELS[key] }))}
      />
      <ProTable<ApprovalSummary>
        rowKey="id"
        headerTitle={APPROVAL_SCOPE_LABELS[scope]}
        actionRef={actionRef}
        columns={columns}
        params={{ scope, archive: archiveParam(archive) }}
        request={tableRequest(fetchApprovals, setFilters)}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        search={{ labelWidth: 'auto' }}
        // The columns' widths: the table fits a 1280 px screen beside the menu (the fixed 操作 column covers no cell).
        scroll={{ x: 888 }}
        size="middle"
        locale={{ emptyText: scope === 'todo' ? '没有等待您审批的事项' : '暂无审批记录' }}
        toolBarRender={() => [
          <ArchiveFilter key="archive" value={archive} onChange={setArchive} />,
          <ExportButton key="export" route="GET /alarm/approve/list/export" query={filters} />,
        ]}
      />
      <PriorityDictionary path={APPROVAL_PATH}>
        <ApprovalDrawer
          approvalId={openId}
          refreshKey={changes}
          onClose={() => setOpenId(undefined)}
          actions={(row) => actions(row, false)}
        />
      </PriorityDictionary>
      <DecisionModal deciding={deciding} onClose={() => setDeciding(undefined)} onDecided={changed} />
    </PageContainer>
  );
}
