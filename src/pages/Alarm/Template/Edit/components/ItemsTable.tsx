/**
 * The items of a template as an editable table (every row always editable): condition, limit rule,
 * priority, deadband, delays, required, and the item's rationalization (a dialog over the row). Rows carry a
 * client-side `key` until saved.
 */
import { EditableProTable, type ProColumns } from '@ant-design/pro-components';
import { EMPTY_ITEM_RATIONALIZATION, LIMIT_MODE_LABELS } from '@common/templates';
import type { TemplateItemRule, TemplateOptions, TemplateVocabulary } from '@contract/templates';
import { Form } from 'antd';
import { useState } from 'react';
import ItemRationalization from './ItemRationalization';

export type ItemRow = TemplateItemRule & { key: string };

let created = 0;
export const newItemKey = () => `new-${++created}`;

const newItem = (): ItemRow => ({
  key: newItemKey(),
  condition: '',
  limitMode: 'absolute',
  limitValue: null,
  priority: 'low',
  deadband: null,
  onDelaySeconds: null,
  offDelaySeconds: null,
  required: true,
  ...EMPTY_ITEM_RATIONALIZATION,
});

export interface ItemsTableProps extends TemplateVocabulary {
  /** The form field holding the rows. */
  name: string;
  initialKeys: string[];
  /** The matrix's consequence categories, which an item's severities are given for. */
  categories: TemplateOptions['categories'];
}

/** An empty number means the template does not prescribe that setting. */
const optional = { placeholder: '不规定', style: { width: '100%' } };
const seconds = { ...optional, min: 0, max: 86_400, precision: 0 };

export default function ItemsTable({ name, initialKeys, conditions, priorities, categories }: ItemsTableProps) {
  const [editableKeys, setEditableKeys] = useState<React.Key[]>(initialKeys);
  const form = Form.useFormInstance();
  // The rows as the form holds them now, so that a row's 合理化 button follows its dialog.
  const rows: ItemRow[] | undefined = Form.useWatch(name, form);

  const columns: ProColumns<ItemRow>[] = [
    {
      title: '报警类型',
      dataIndex: 'condition',
      valueType: 'select',
      width: 170,
      fieldProps: {
        showSearch: true,
        optionFilterProp: 'label',
        options: conditions.map((type) => ({
          value: type.code,
          label: `${type.code} ${type.name}`,
          disabled: !type.enabled,
        })),
      },
      formItemProps: { rules: [{ required: true, message: '请选择报警类型' }] },
    },
    {
      title: '限值方式',
      dataIndex: 'limitMode',
      valueType: 'select',
      width: 130,
      fieldProps: {
        allowClear: false,
        options: Object.entries(LIMIT_MODE_LABELS).map(([value, label]) => ({ value, label })),
      },
    },
    {
      title: '限值',
      tooltip: '绝对值，或量程的百分比（0–100）；留空表示模板不规定限值',
      dataIndex: 'limitValue',
      valueType: 'digit',
      width: 120,
      fieldProps: { ...optional, min: -1e12, max: 1e12 },
    },
    {
      title: '优先级',
      dataIndex: 'priority',
      valueType: 'select',
      width: 100,
      fieldProps: { allowClear: false, options: priorities.map((p) => ({ value: p.code, label: p.name })) },
      formItemProps: { rules: [{ required: true, message: '请选择优先级' }] },
    },
    {
      title: '死区',
      dataIndex: 'deadband',
      valueType: 'digit',
      width: 100,
      fieldProps: { ...optional, min: 0, max: 1e12 },
    },
    { title: '报警延时(秒)', dataIndex: 'onDelaySeconds', valueType: 'digit', width: 110, fieldProps: seconds },
    { title: '恢复延时(秒)', dataIndex: 'offDelaySeconds', valueType: 'digit', width: 110, fieldProps: seconds },
    { title: '必需', dataIndex: 'required', valueType: 'switch', width: 70 },
    {
      title: '合理化',
      key: 'rationalization',
      width: 80,
      editable: false,
      // The row's fields live in the form (not in `row`, which is the row as first loaded).
      render: (_, row, index) => {
        const current = rows?.[index] ?? row;
        return (
          <ItemRationalization
            row={current}
            label={`第 ${index + 1} 行${current.condition ? `（${current.condition}）` : ''}`}
            categories={categories}
            onChange={(fields) =>
              form.setFieldValue([name, index], { ...form.getFieldValue([name, index]), ...fields })
            }
          />
        );
      },
    },
    { title: '操作', valueType: 'option', width: 70 },
  ];

  return (
    <EditableProTable<ItemRow>
      name={name}
      rowKey="key"
      headerTitle="报警项"
      controlled
      columns={columns}
      scroll={{ x: 1080 }}
      recordCreatorProps={{ position: 'bottom', creatorButtonText: '添加报警项', record: newItem }}
      editable={{
        type: 'multiple',
        editableKeys,
        onChange: setEditableKeys,
        actionRender: (_row, _config, dom) => [dom.delete],
      }}
    />
  );
}
