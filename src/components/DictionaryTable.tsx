/**
 * A coded dictionary of 基础配置 (code, name, description, enabled, plus the page's own fields): a paged,
 * searchable ProTable with export, and create / edit / delete shown only to holders of the route's
 * actions. A failed save keeps the form open with its input; the request client shows the reason.
 */
import {
  type ActionType,
  ModalForm,
  type ProColumns,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
  ProTable,
} from '@ant-design/pro-components';
import { permissionString } from '@common/routes';
import type { Page, PageRequest } from '@contract/http';
import { useAccess } from '@umijs/max';
import { Button, message, Popconfirm, Space } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import ExportButton from '@/components/ExportButton';
import RowAction from '@/components/RowAction';
import { type ListFilters, tableRequest } from '@/utils/proTable';

export interface DictionaryRow {
  id: number;
  code: string;
  name: string;
  description: string;
  enabled: boolean;
}

/** The calls of one dictionary (src/services/dictionaries.ts) and its export endpoint. */
export interface DictionaryService<Row, Body> {
  exportRoute: 'GET /alarm/base/type/export' | 'GET /alarm/base/system/export';
  list(query: PageRequest & ListFilters): Promise<Page<Row>>;
  create(body: Body): Promise<Row>;
  update(id: number, body: Body): Promise<Row>;
  remove(id: number): Promise<unknown>;
}

export interface DictionaryTableProps<Row extends DictionaryRow, Body> {
  /** The page's route in config/routes.ts: its create / edit / delete actions gate the buttons. */
  routePath: string;
  /** What one entry is called: 报警类型, 系统类型… */
  noun: string;
  service: DictionaryService<Row, Body>;
  /** Columns of the page's own fields, shown after the description. */
  extraColumns?: ProColumns<Row>[];
  /** Form fields of the page's own fields, shown after the description. */
  extraFields?: ReactNode;
  /** Initial values of a new entry's own fields. */
  newDefaults?: Partial<Body>;
}

const CODE_PATTERN = /^[A-Za-z0-9_.-]+$/;

export default function DictionaryTable<Row extends DictionaryRow, Body>(props: DictionaryTableProps<Row, Body>) {
  const { routePath, noun, service, extraColumns = [], extraFields, newDefaults } = props;
  const { can } = useAccess();
  const canCreate = can(permissionString(routePath, 'create'));
  const canEdit = can(permissionString(routePath, 'edit'));
  const canDelete = can(permissionString(routePath, 'delete'));
  const actionRef = useRef<ActionType>();
  const [filters, setFilters] = useState<ListFilters>({});
  const [editing, setEditing] = useState<Row | 'new'>();

  const save = async (values: Body) => {
    try {
      if (editing === 'new') await service.create(values);
      else if (editing) await service.update(editing.id, values);
      message.success('已保存');
      actionRef.current?.reload();
      return true;
    } catch {
      return false;
    }
  };

  const remove = async (row: Row) => {
    try {
      await service.remove(row.id);
      message.success(`已删除${noun}「${row.name}」`);
      actionRef.current?.reload();
    } catch {
      // Shown by the request client (e.g. the type is in use).
    }
  };

  const columns: ProColumns<Row>[] = [
    { title: '关键字', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '编码或名称' } },
    { title: '编码', dataIndex: 'code', search: false, copyable: true },
    { title: '名称', dataIndex: 'name', search: false },
    { title: '描述', dataIndex: 'description', search: false, ellipsis: true },
    ...extraColumns,
    {
      title: '状态',
      dataIndex: 'enabled',
      valueType: 'select',
      valueEnum: { true: { text: '启用', status: 'Success' }, false: { text: '停用', status: 'Default' } },
    },
    {
      title: '操作',
      valueType: 'option',
      hideInTable: !canEdit && !canDelete,
      render: (_, row) => (
        <Space>
          {canEdit && <RowAction onClick={() => setEditing(row)}>编辑</RowAction>}
          {canDelete && (
            <Popconfirm title={`确定删除${noun}「${row.name}」？`} onConfirm={() => remove(row)}>
              <RowAction danger>删除</RowAction>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <ProTable<Row>
        rowKey="id"
        headerTitle={`${noun}列表`}
        actionRef={actionRef}
        columns={columns}
        request={tableRequest(service.list, setFilters)}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        search={{ labelWidth: 'auto' }}
        toolBarRender={() => [
          <ExportButton key="export" route={service.exportRoute} query={filters} />,
          canCreate && (
            <Button key="create" type="primary" onClick={() => setEditing('new')}>
              新建{noun}
            </Button>
          ),
        ]}
      />
      <ModalForm<Body>
        title={editing === 'new' ? `新建${noun}` : `编辑${noun}`}
        open={editing !== undefined}
        onOpenChange={(open) => !open && setEditing(undefined)}
        initialValues={editing === 'new' ? { enabled: true, ...newDefaults } : editing}
        modalProps={{ destroyOnClose: true }}
        onFinish={save}
      >
        <ProFormText
          name="code"
          label="编码"
          placeholder="如 PVHI"
          rules={[
            { required: true, whitespace: true, message: '请输入编码' },
            { pattern: CODE_PATTERN, message: '编码只能包含字母、数字、下划线、点和短横线' },
            { max: 32, message: '编码不能超过 32 个字符' },
          ]}
        />
        <ProFormText
          name="name"
          label="名称"
          rules={[
            { required: true, whitespace: true, message: '请输入名称' },
            { max: 50, message: '名称不能超过 50 个字符' },
          ]}
        />
        <ProFormTextArea name="description" label="描述" rules={[{ max: 500, message: '描述不能超过 500 个字符' }]} />
        {extraFields}
        <ProFormSwitch name="enabled" label="启用" />
      </ModalForm>
    </>
  );
}
