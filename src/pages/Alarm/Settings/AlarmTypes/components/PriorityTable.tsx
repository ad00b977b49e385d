/** 优先级: the four fixed priorities; their names, colours and order are edited here (alarm-base-type-edit). */
import { type ActionType, ModalForm, ProFormText, ProTable } from '@ant-design/pro-components';
import { permissionString } from '@common/routes';
import type { Priority, PriorityBody } from '@contract/dictionaries';
import { useAccess } from '@umijs/max';
import { message } from 'antd';
import { useRef, useState } from 'react';
import { ColorFormItem, ColorSwatch } from '@/components/ColorField';
import ExportButton from '@/components/ExportButton';
import RowAction from '@/components/RowAction';
import SortOrderField from '@/components/SortOrderField';
import { fetchPriorities, updatePriority } from '@/services/dictionaries';
import { rowsRequest } from '@/utils/proTable';

export default function PriorityTable() {
  const canEdit = useAccess().can(permissionString('/alarm/base/type', 'edit'));
  const actionRef = useRef<ActionType>();
  const [editing, setEditing] = useState<Priority>();

  const save = async (values: PriorityBody) => {
    if (!editing) return false;
    try {
      await updatePriority(editing.id, values);
      message.success('已保存');
      actionRef.current?.reload();
      return true;
    } catch {
      return false;
    }
  };

  return (
    <>
      <ProTable<Priority>
        rowKey="id"
        headerTitle="优先级"
        actionRef={actionRef}
        search={false}
        pagination={false}
        request={rowsRequest(fetchPriorities)}
        toolBarRender={() => [<ExportButton key="export" route="GET /alarm/base/priorities/export" />]}
        columns={[
          { title: '代码', dataIndex: 'code' },
          { title: '名称', dataIndex: 'name' },
          { title: '显示颜色', dataIndex: 'color', render: (_, row) => <ColorSwatch color={row.color} /> },
          { title: '目标占比', dataIndex: 'targetShare', render: (_, row) => `${row.targetShare}%` },
          { title: '排序', dataIndex: 'sortOrder' },
          {
            title: '操作',
            valueType: 'option',
            hideInTable: !canEdit,
            render: (_, row) => <RowAction onClick={() => setEditing(row)}>编辑</RowAction>,
          },
        ]}
      />
      <ModalForm<PriorityBody>
        title={`编辑优先级「${editing?.code ?? ''}」`}
        open={editing !== undefined}
        onOpenChange={(open) => !open && setEditing(undefined)}
        initialValues={editing}
        modalProps={{ destroyOnClose: true }}
        onFinish={save}
      >
        <ProFormText
          name="name"
          label="名称"
          rules={[
            { required: true, whitespace: true, message: '请输入名称' },
            { max: 50, message: '名称不能超过 50 个字符' },
          ]}
        />
        <ColorFormItem name="color" />
        <SortOrderField max={99} />
      </ModalForm>
    </>
  );
}
