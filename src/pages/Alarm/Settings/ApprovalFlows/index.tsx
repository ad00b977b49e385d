/**
 * 审批配置: the approval flows per business type (the active one is used on submit) with their steps.
 * Create and edit open the full-screen flow editor; delete asks first, and the server refuses a flow
 * that pending approvals still use (its message is shown).
 */
import { type ActionType, PageContainer, type ProColumns, ProTable } from '@ant-design/pro-components';
import { BUSINESS_TYPE_LABELS, STEP_MODE_LABELS } from '@common/moc';
import { permissionString } from '@common/routes';
import type { ApprovalFlow } from '@contract/moc';
import { history, useAccess } from '@umijs/max';
import { Button, Popconfirm, Space, Tag } from 'antd';
import { useRef, useState } from 'react';
import ExportButton from '@/components/ExportButton';
import { act } from '@/components/moc/act';
import { BusinessTypeTag, labelEnum } from '@/components/moc/Tags';
import RowAction from '@/components/RowAction';
import { deleteFlow, FLOW_PATH, fetchFlows, flowEditorPage } from '@/services/moc';
import { formatDateTime } from '@/utils/datetime';
import { type ListFilters, tableRequest } from '@/utils/proTable';

const stepsText = (flow: ApprovalFlow) =>
  flow.steps
    .map(
      (step) =>
        `${step.position}. ${step.name}（${STEP_MODE_LABELS[step.mode]}：${step.approvers.map((a) => a.name).join('、')}）`,
    )
    .join(' → ');

export default function FlowListPage() {
  const { can } = useAccess();
  const allowed = (action: 'create' | 'edit' | 'delete') => can(permissionString(FLOW_PATH, action));
  const actionRef = useRef<ActionType>();
  const [filters, setFilters] = useState<ListFilters>({});

  const columns: ProColumns<ApprovalFlow>[] = [
    { title: '流程名称', dataIndex: 'name', fieldProps: { placeholder: '名称中的文字' } },
    {
      title: '业务类型',
      dataIndex: 'businessType',
      valueType: 'select',
      valueEnum: labelEnum(BUSINESS_TYPE_LABELS),
      render: (_, flow) => <BusinessTypeTag type={flow.businessType} />,
    },
    {
      title: '状态',
      dataIndex: 'active',
      search: false,
      render: (_, flow) => (flow.active ? <Tag color="success">启用</Tag> : <Tag>未启用</Tag>),
    },
    { title: '审批步骤', key: 'steps', search: false, ellipsis: true, render: (_, flow) => stepsText(flow) },
    { title: '审批中', dataIndex: 'pendingCount', search: false, width: 80 },
    { title: '说明', dataIndex: 'description', search: false, ellipsis: true },
    { title: '修改人', dataIndex: 'updatedBy', search: false },
    { title: '修改时间', dataIndex: 'updatedAt', search: false, render: (_, flow) => formatDateTime(flow.updatedAt) },
    {
      title: '操作',
      valueType: 'option',
      hideInTable: !allowed('edit') && !allowed('delete'),
      render: (_, flow) => (
        <Space size="small">
          {allowed('edit') && <RowAction onClick={() => history.push(flowEditorPage(flow.id))}>编辑</RowAction>}
          {allowed('delete') && (
            <Popconfirm
              title={`删除审批流程「${flow.name}」？`}
              onConfirm={() =>
                act(
                  () => deleteFlow(flow.id),
                  `已删除审批流程「${flow.name}」`,
                  () => actionRef.current?.reload(),
                )
              }
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
      <ProTable<ApprovalFlow>
        rowKey="id"
        headerTitle="审批流程"
        actionRef={actionRef}
        columns={columns}
        request={tableRequest(fetchFlows, setFilters)}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        search={{ labelWidth: 'auto' }}
        toolBarRender={() => [
          <ExportButton key="export" route="GET /alarm/base/examine/config/export" query={filters} />,
          allowed('create') && (
            <Button key="create" type="primary" onClick={() => history.push(flowEditorPage())}>
              新建审批流程
            </Button>
          ),
        ]}
      />
    </PageContainer>
  );
}
