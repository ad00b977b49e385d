/**
 * 变更管理: the change requests with status, risk, business type, items and approval progress; a request
 * opens in a drawer (also from the address, `?open=<id>`) with its items, steps and any conflict. Drafts are
 * edited, submitted and deleted here by holders of those actions; 发起变更 opens the hidden form page.
 */
import { type ActionType, PageContainer, type ProColumns, ProTable } from '@ant-design/pro-components';
import { RISK_LEVEL_LABELS } from '@common/moc';
import { permissionString } from '@common/routes';
import type { ChangeRequestSummary } from '@contract/moc';
import { history, useAccess } from '@umijs/max';
import { Button, Popconfirm, Space, Tooltip } from 'antd';
import { useRef, useState } from 'react';
import ExportButton from '@/components/ExportButton';
import { act } from '@/components/moc/act';
import ChangeDrawer from '@/components/moc/ChangeDrawer';
import { progressText } from '@/components/moc/format';
import { PriorityDictionary } from '@/components/moc/priorities';
import { businessTypeColumn, changeStatusColumn, labelEnum, RiskTag } from '@/components/moc/Tags';
import RowAction from '@/components/RowAction';
import {
  CHANGE_CREATE_PAGE,
  CHANGE_PATH,
  deleteChange,
  editDraftPage,
  fetchChanges,
  submitChange,
} from '@/services/moc';
import { formatOptionalDateTime } from '@/utils/datetime';
import { type ListFilters, tableRequest } from '@/utils/proTable';
import { getQueryParam } from '@/utils/query';

/** The request the address asks to open (`?open=<id>`), once. */
function changeFromAddress(): number | undefined {
  const id = Number(getQueryParam('open'));
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

export default function ChangeListPage() {
  const { can, isCurrentUser } = useAccess();
  const allowed = (action: 'create' | 'edit' | 'delete') => can(permissionString(CHANGE_PATH, action));
  /** A draft is its initiator's to edit, submit or delete (the server refuses anyone else). */
  const ownDraft = (row: ChangeRequestSummary) => row.status === 'draft' && isCurrentUser(row.initiator.username);
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
      render: (_, row) => <RowAction onClick={() => setOpenId(row.id)}>{row.title}</RowAction>,
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
              <RowAction onClick={() => history.push(editDraftPage(row))}>编辑</RowAction>
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
              title={`删除草稿「${row.title}」？`}
              onConfirm={() => act(() => deleteChange(row.id), `已删除草稿 #${row.id}`, changed)}
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
      <ProTable<ChangeRequestSummary>
        rowKey="id"
        headerTitle="变更单"
        actionRef={actionRef}
        columns={columns}
        request={tableRequest(fetchChanges, setFilters)}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        search={{ labelWidth: 'auto' }}
        scroll={{ x: 'max-content' }}
        toolBarRender={() => [
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
