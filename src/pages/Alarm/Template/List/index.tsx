/**
 * 模板列表: the templates per equipment type; create and edit open the hidden form pages, delete asks first;
 * 批量合理化 writes a template's rationalization to every point of its equipment type (报警列表's edit right).
 */
import { type ActionType, PageContainer, type ProColumns, ProTable } from '@ant-design/pro-components';
import { LIBRARY_ROUTE } from '@common/alarmLibrary';
import { permissionString } from '@common/routes';
import type { TemplateSummary } from '@contract/templates';
import { history, useAccess } from '@umijs/max';
import { Button, message, Popconfirm, Space } from 'antd';
import { useRef, useState } from 'react';
import ExportButton from '@/components/ExportButton';
import RowAction from '@/components/RowAction';
import {
  CREATE_PAGE,
  deleteTemplate,
  editPage,
  fetchTemplates,
  rationalizeFromTemplate,
  TEMPLATE_LIST_PATH,
} from '@/services/templates';
import { formatDateTime } from '@/utils/datetime';
import { type ListFilters, tableRequest } from '@/utils/proTable';

export default function TemplateListPage() {
  const { can } = useAccess();
  const canCreate = can(permissionString(TEMPLATE_LIST_PATH, 'create'));
  const canEdit = can(permissionString(TEMPLATE_LIST_PATH, 'edit'));
  const canDelete = can(permissionString(TEMPLATE_LIST_PATH, 'delete'));
  const canRationalize = can(permissionString(LIBRARY_ROUTE, 'edit'));
  const actionRef = useRef<ActionType>();
  const [filters, setFilters] = useState<ListFilters>({});

  const remove = async (row: TemplateSummary) => {
    try {
      await deleteTemplate(row.id);
      message.success(`已删除模板「${row.name}」`);
      actionRef.current?.reload();
    } catch {
      // Shown by the request client (e.g. a change request refers to it).
    }
  };

  const rationalize = async (row: TemplateSummary) => {
    try {
      const done = await rationalizeFromTemplate(row.id, {});
      message.success(
        `已按模板「${row.name}」合理化 ${done.changed} 个报警点（${done.equipment} 台设备、${done.points} 个报警点，${done.unchanged} 个已一致）`,
      );
    } catch {
      // Shown by the request client (e.g. the template's items carry no rationalization).
    }
  };

  const columns: ProColumns<TemplateSummary>[] = [
    { title: '关键字', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '名称或描述' } },
    { title: '模板名称', dataIndex: 'name', search: false },
    { title: '设备类型', dataIndex: 'equipmentType' },
    { title: '描述', dataIndex: 'description', search: false, ellipsis: true },
    { title: '报警项', dataIndex: 'itemCount', search: false, width: 80 },
    { title: '必需项', dataIndex: 'requiredCount', search: false, width: 80 },
    { title: '修改人', dataIndex: 'updatedBy', search: false, width: 120 },
    {
      title: '修改时间',
      dataIndex: 'updatedAt',
      search: false,
      width: 180,
      render: (_, row) => formatDateTime(row.updatedAt),
    },
    {
      title: '操作',
      valueType: 'option',
      hideInTable: !canEdit && !canDelete && !canRationalize,
      render: (_, row) => (
        <Space>
          {canEdit && <RowAction onClick={() => history.push(editPage(row.id))}>编辑</RowAction>}
          {canRationalize && (
            <Popconfirm
              title={`把模板「${row.name}」报警项的合理化内容写入所有「${row.equipmentType}」设备的报警点？`}
              description="只写入模板填写了的内容；已确认的报警点记录有变化时回到待确认。"
              onConfirm={() => rationalize(row)}
            >
              <RowAction>批量合理化</RowAction>
            </Popconfirm>
          )}
          {canDelete && (
            <Popconfirm title={`确定删除模板「${row.name}」？`} onConfirm={() => remove(row)}>
              <RowAction danger>删除</RowAction>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <PageContainer>
      <ProTable<TemplateSummary>
        rowKey="id"
        headerTitle="报警模板"
        actionRef={actionRef}
        columns={columns}
        request={tableRequest(fetchTemplates, setFilters)}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        search={{ labelWidth: 'auto' }}
        toolBarRender={() => [
          <ExportButton key="export" route="GET /alarm/template/list/export" query={filters} />,
          canCreate && (
            <Button key="create" type="primary" onClick={() => history.push(CREATE_PAGE)}>
              新建模板
            </Button>
          ),
        ]}
      />
    </PageContainer>
  );
}
