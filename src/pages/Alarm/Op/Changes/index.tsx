/**
 * 变更管理: the change requests with status, risk, business type, items and approval progress; a request
 * opens in a drawer (also from the address, `?open=<id>`) with its items, steps, any conflict and its audit
 * export. Drafts are edited, submitted and deleted by their initiator (the owner column says who), taken over
 * (接管) by a holder of the takeover action; ended requests are archived, never deleted, and listed under
 * 已归档. 发起变更 opens the hidden form page.
 */
import { type ActionType, PageContainer, type ProColumns, ProTable } from '@ant-design/pro-components';
import { RISK_LEVEL_LABELS } from '@common/moc';
import { permissionString } from '@common/routes';
import type { ChangeRequestSummary } from '@contract/moc';
import { ENDED_CHANGE_STATUSES } from '@contract/vocabulary';
import { history, useAccess } from '@umijs/max';
import { Button, Popconfirm, Space, Tag, Tooltip } from 'antd';
import { useRef, useState } from 'react';
import ExportButton from '@/components/ExportButton';
import ArchiveFilter, { type Archive, archiveParam } from '@/components/moc/ArchiveFilter';
import { act } from '@/components/moc/act';
import ChangeDrawer from '@/components/moc/ChangeDrawer';
import { progressText } from '@/components/moc/format';
import { PriorityDictionary } from '@/components/moc/priorities';
import { businessTypeColumn, changeStatusColumn, labelEnum, RiskTag } from '@/components/moc/Tags';
import RowAction from '@/components/RowAction';
import {
  archiveChange,
  CHANGE_CREATE_PAGE,
  CHANGE_PATH,
  deleteChange,
  editDraftPage,
  fetchChanges,
  submitChange,
  takeOverChange,
} from '@/services/moc';
import { formatOptionalDateTime } from '@/utils/datetime';
import { type ListFilters, tableRequest } from '@/utils/proTable';
import { getQueryParam } from '@/utils/query';

const isEnded = (status: ChangeRequestSummary['status']) => ENDED_CHANGE_STATUSES.includes(status);

/** The request the address asks to open (`?open=<id>`), once. */
function changeFromAddress(): number | undefined {
  const id = Number(getQueryParam('open'));
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

export default function ChangeListPage() {
  const { can, isCurrentUser } = useAccess();
  const allowed = (action: 'create' | 'edit' | 'delete' | 'takeover') => can(permissionString(CHANGE_PATH, action));
  /** A draft is its initiator's to edit, submit or delete (the server refuses anyone else). */
  const ownDraft = (row: ChangeRequestSummary) => row.status === 'draft' && isCurrentUser(row.initiator.username);
  /** Someone else's draft, which a holder of the takeover action may make theirs. */
  const othersDraft = (row: ChangeRequestSummary) => row.status === 'draft' && !isCurrentUser(row.initiator.username);
  /** Ended and still in the default list: archived, never deleted (the delete action's right). */
  const archivable = (row: ChangeRequestSummary) => isEnded(row.status) && row.archivedAt === null;
  const [archive, setArchive] = useState<Archive>('active');
  const actionRef = useRef<ActionType>();
  const [filters, setFilters] = useState<ListFilters>({});
  const [openId, setOpenId] = useState<number | undefined>(changeFromAddress);
  const [changes, setChanges] = useState(0);

  const changed = () => {
    setChanges((count) => count + 1);
    actionRef.current?.reload();
  };

  const columns: ProColumns<ChangeRequestSummary>[] = [
    { title: '编号', dataIndex: 'id', search: false, width: 70, render: (_, row) => `#${row.id}` },
    {
      title: '标题',
      dataIndex: 'title',
      fieldProps: { placeholder: '标题中的文字' },
      render: (_, row) => (
        <>
          <RowAction onClick={() => setOpenId(row.id)}>{row.title}</RowAction>
          {row.archivedAt && <Tag style={{ marginLeft: 8 }}>已归档</Tag>}
        </>
      ),
    },
    businessTypeColumn(),
    changeStatusColumn((row) => row.status),
    {
      title: '风险等级',
      dataIndex: 'riskLevel',
      valueType: 'select',
      valueEnum: labelEnum(RISK_LEVEL_LABELS),
      render: (_, row) => <RiskTag risk={row.riskLevel} />,
    },
    {
      title: '变更项',
      dataIndex: 'itemCount',
      search: false,
      width: 80,
      render: (_, row) => (row.businessType === 'operatingCondition' ? `工况 ${row.unit ?? ''}` : row.itemCount),
    },
    { title: '发起人', dataIndex: ['initiator', 'name'], search: false },
    {
      title: '审批进度',
      key: 'progress',
      search: false,
      render: (_, row) => progressText(row.approval),
    },
    { title: '只看我发起的', dataIndex: 'mine', valueType: 'switch', hideInTable: true },
    {
      title: '创建时间',
      dataIndex: 'createdAt',
      search: false,
      render: (_, row) => formatOptionalDateTime(row.createdAt),
    },
    {
      title: '提交时间',
      dataIndex: 'submittedAt',
      search: false,
      render: (_, row) => formatOptionalDateTime(row.submittedAt),
    },
    {
      title: '实施时间',
      dataIndex: 'appliedAt',
      search: false,
      render: (_, row) => formatOptionalDateTime(row.appliedAt),
    },
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      render: (_, row) => (
        <Space size="small" wrap>
          <RowAction onClick={() => setOpenId(row.id)}>详情</RowAction>
          {ownDraft(row) && allowed('edit') && (
            <>
              {/* A matrix draft is proposed again from 报警类型 rather than edited here: submit or delete it. */}
              {row.businessType !== 'priorityMatrix' && (
                <RowAction onClick={() => history.push(editDraftPage(row))}>编辑</RowAction>
              )}
              <Popconfirm
                title={`提交变更单「${row.title}」进入审批？提交后不能再修改。`}
                onConfirm={() => act(() => submitChange(row.id), `已提交变更单 #${row.id}`, changed)}
              >
                <RowAction>提交</RowAction>
              </Popconfirm>
            </>
          )}
          {ownDraft(row) && allowed('delete') && (
            <Popconfirm
              title={`删除草稿「${row.title}」？草稿未提交过，删除后不可恢复。`}
              onConfirm={() => act(() => deleteChange(row.id), `已删除草稿 #${row.id}`, changed)}
            >
              <RowAction danger>删除</RowAction>
            </Popconfirm>
          )}
          {othersDraft(row) && allowed('takeover') && (
            <Popconfirm
              title={`接管 ${row.initiator.name} 的草稿「${row.title}」？接管后由你修改、提交或删除，历史记录中记为「转交」。`}
              onConfirm={() => act(() => takeOverChange(row.id), `已接管草稿 #${row.id}`, changed)}
            >
              <RowAction>接管</RowAction>
            </Popconfirm>
          )}
          {archivable(row) && allowed('delete') && (
            <Popconfirm
              title={`归档变更单「${row.title}」？归档后将从默认列表隐藏，历史记录保留。`}
              onConfirm={() => act(() => archiveChange(row.id), `已归档变更单 #${row.id}`, changed)}
            >
              <RowAction>归档</RowAction>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <PageContainer>
      <ProTable<ChangeRequestSummary>
        rowKey="id"
        headerTitle="变更单"
        actionRef={actionRef}
        columns={columns}
        params={{ archive: archiveParam(archive) }}
        request={tableRequest(fetchChanges, setFilters)}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        search={{ labelWidth: 'auto' }}
        scroll={{ x: 'max-content' }}
        toolBarRender={() => [
          <ArchiveFilter key="archive" value={archive} onChange={setArchive} />,
          <ExportButton key="export" route="GET /alarm/op/update/export" query={filters} />,
          allowed('create') && (
            <Tooltip key="create" title="选择报警点并填写目标值，保存为草稿或直接提交审批">
              <Button type="primary" onClick={() => history.push(CHANGE_CREATE_PAGE)}>
                发起变更
              </Button>
            </Tooltip>
          ),
        ]}
      />
      <PriorityDictionary path={CHANGE_PATH}>
        <ChangeDrawer changeId={openId} refreshKey={changes} onClose={() => setOpenId(undefined)} />
      </PriorityDictionary>
    </PageContainer>
  );
}
