/**
 * 合理化 of a template item: cause, consequence of inaction, operator response, time to respond, severity per
 * consequence category of the matrix and alarm class, which 批量合理化 hands to every point of the condition on
 * the type's equipment. Edited in a dialog over the row; blanks are not handed on.
 */
import { SEVERITY_LABELS } from '@common/priorityMatrix';
import type { TemplateItemRule, TemplateOptions } from '@contract/templates';
import { SEVERITY_LEVELS, type SeverityLevel } from '@contract/vocabulary';
import { Button, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useState } from 'react';

export type ItemRationalizationFields = Pick<
  TemplateItemRule,
  'cause' | 'consequence' | 'operatorResponse' | 'maxResponseMinutes' | 'severities' | 'alarmClass'
>;

/** Whether the item gives any rationalization. */
export const hasRationalization = (item: Partial<ItemRationalizationFields>) =>
  Boolean(
    item.cause?.trim() ||
      item.consequence?.trim() ||
      item.operatorResponse?.trim() ||
      (item.maxResponseMinutes ?? null) !== null ||
      Object.keys(item.severities ?? {}).length ||
      item.alarmClass?.trim(),
  );

interface DialogValues extends Omit<ItemRationalizationFields, 'severities'> {
  severities: Record<string, SeverityLevel | undefined>;
}

export default function ItemRationalization({
  row,
  label,
  categories,
  onChange,
}: {
  row: Partial<ItemRationalizationFields>;
  /** The row as people name it: 「第 2 行（PVHI）」. */
  label: string;
  categories: TemplateOptions['categories'];
  onChange: (fields: ItemRationalizationFields) => void;
}) {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<DialogValues>();
  const given = hasRationalization(row);

  const save = async () => {
    const values = await form.validateFields();
    const severities = Object.fromEntries(
      Object.entries(values.severities ?? {}).filter((entry): entry is [string, SeverityLevel] => Boolean(entry[1])),
    );
    onChange({
      cause: values.cause?.trim() ?? '',
      consequence: values.consequence?.trim() ?? '',
      operatorResponse: values.operatorResponse?.trim() ?? '',
      maxResponseMinutes: values.maxResponseMinutes ?? null,
      severities,
      alarmClass: values.alarmClass?.trim() ?? '',
    });
    setOpen(false);
  };

  const text = { maxLength: 2000, autoSize: { minRows: 2 } };
  return (
    <>
      <Button type="link" size="small" aria-label={`${label}合理化`} onClick={() => setOpen(true)}>
        {given ? '已填写' : '填写'}
      </Button>
      {open && (
        <Modal
          open
          title={`${label}的合理化`}
          okText="确定"
          cancelText="取消"
          onOk={save}
          onCancel={() => setOpen(false)}
        >
          <Form
            form={form}
            layout="vertical"
            initialValues={{
              cause: row.cause ?? '',
              consequence: row.consequence ?? '',
              operatorResponse: row.operatorResponse ?? '',
              maxResponseMinutes: row.maxResponseMinutes ?? null,
              severities: row.severities ?? {},
              alarmClass: row.alarmClass ?? '',
            }}
          >
            <Form.Item name="cause" label="原因">
              <Input.TextArea {...text} />
            </Form.Item>
            <Form.Item name="consequence" label="不处理的后果">
              <Input.TextArea {...text} />
            </Form.Item>
            {categories.map((category) => (
              <Form.Item key={category.code} name={['severities', category.code]} label={`${category.name}严重度`}>
                <Select
                  allowClear
                  placeholder="不规定"
                  options={SEVERITY_LEVELS.map((level) => ({ value: level, label: SEVERITY_LABELS[level] }))}
                />
              </Form.Item>
            ))}
            <Form.Item name="maxResponseMinutes" label="最长响应时间（分钟）">
              <InputNumber min={0} max={10_080} precision={0} placeholder="不规定" style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="operatorResponse" label="处置措施">
              <Input.TextArea {...text} />
            </Form.Item>
            <Form.Item name="alarmClass" label="报警类别">
              <Input maxLength={200} />
            </Form.Item>
          </Form>
        </Modal>
      )}
    </>
  );
}
