/**
 * 审批配置: per business type the active flow (the one submissions use) and the separation-of-duties setting;
 * the approval flows with their steps. Create and edit open the full-screen flow editor, which never changes
 * the active flow: 启用 asks first, naming the flow it replaces; 停用 and deleting the active flow warn that
 * new submissions will be refused. The server's refusals (a flow in use, pending requests) are shown.
 */
import { type ActionType, PageContainer, type ProColumns, ProTable } from '@ant-design/pro-components';
import { BUSINESS_TYPE_LABELS, STEP_MODE_LABELS } from '@common/moc';
import { permissionString } from '@common/routes';
import type { ApprovalFlow, BusinessTypeSetting } from '@contract/moc';
import { history, useAccess } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Button, Popconfirm, Space, Tag } from 'antd';
import { useRef, useState } from 'react';
import ExportButton from '@/components/ExportButton';
import { act } from '@/components/moc/act';
import { BusinessTypeTag, labelEnum } from '@/components/moc/Tags';
import RowAction from '@/components/RowAction';
import {
  activateFlow,
  deactivateFlow,
  deleteFlow,
  FLOW_PATH,
  fetchBusinessTypeSettings,
  fetchFlows,
  flowEditorPage,
} from '@/services/moc';
import { formatDateTime } from '@/utils/datetime';
import { type ListFilters, tableRequest } from '@/utils/proTable';
import BusinessTypes from './components/BusinessTypes';

const stepsText = (flow: ApprovalFlow) =>
  flow.steps
    .map(
      (step) =>
        `${step.position}. ${step.name}（${STEP_MODE_LABELS[step.mode]}：${step.approvers.map((a) => a.name).join('、')}）`,
    )
    .join(' → ');

/** What 启用 of `flow` does, said before it is done: the flow it replaces, if any. */
function activateQuestion(flow: ApprovalFlow, settings: BusinessTypeSetting[]): string {
  const type = BUSINESS_TYPE_LABELS[flow.businessType];
  const current = settings.find((setting) => setting.businessType === flow.businessType)?.activeFlow;
  return current
    ? `启用「${flow.name}」？它将替换「${type}」当前启用的流程「${current.name}」，之后的提交使用新流程。`
    : `启用「${flow.name}」作为「${type}」的审批流程？`;
}

/** The warning before the active flow is taken away. */
const noFlowWarning = (flow: ApprovalFlow) =>
  `之后「${BUSINESS_TYPE_LABELS[flow.businessType]}」没有启用的审批流程，新的提交将被拒绝。`;

export default function FlowListPage() {
  const { can } = useAccess();
  const allowed = (action: 'create' | 'edit' | 'delete') => can(permissionString(FLOW_PATH, action));
  const actionRef = useRef<ActionType>();
  const [filters, setFilters] = useState<ListFilters>({});
  const settings = useRequest(fetchBusinessTypeSettings);
  const changed = () => {
    actionRef.current?.reload();
    settings.refresh();
  };

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
          {allowed('edit') && !flow.active && (
            <Popconfirm
              title={activateQuestion(flow, settings.data ?? [])}
              onConfirm={() => act(() => activateFlow(flow.id), `已启用审批流程「${flow.name}」`, changed)}
            >
              <RowAction>启用</RowAction>
            </Popconfirm>
          )}
          {allowed('edit') && flow.active && (
            <Popconfirm
              title={`停用「${flow.name}」？${noFlowWarning(flow)}`}
              onConfirm={() => act(() => deactivateFlow(flow.id), `已停用审批流程「${flow.name}」`, changed)}
            >
              <RowAction>停用</RowAction>
            </Popconfirm>
          )}
          {allowed('delete') && (
            <Popconfirm
              title={`删除审批流程「${flow.name}」？${flow.active ? noFlowWarning(flow) : ''}`}
              onConfirm={() => act(() => deleteFlow(flow.id), `已删除审批流程「${flow.name}」`, changed)}
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
      {settings.data && <BusinessTypes settings={settings.data} editable={allowed('edit')} onChanged={changed} />}
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
