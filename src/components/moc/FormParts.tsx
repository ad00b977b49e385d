/** Pieces the MOC forms share: risk and reason fields, the problems above the table, the save bar. */
import { ProFormSelect, ProFormTextArea } from '@ant-design/pro-components';
import { RISK_LEVEL_LABELS } from '@common/moc';
import { MAX_REASON_LENGTH } from '@contract/vocabulary';
import { Alert, Button, Space } from 'antd';

export function RiskLevelField() {
  return (
    <ProFormSelect
      name="riskLevel"
      label="风险等级"
      width="sm"
      allowClear={false}
      options={Object.entries(RISK_LEVEL_LABELS).map(([value, label]) => ({ value, label }))}
      rules={[{ required: true, message: '请选择风险等级' }]}
    />
  );
}

export function ReasonField() {
  return (
    <ProFormTextArea
      name="reason"
      label="变更原因"
      fieldProps={{ rows: 3 }}
      rules={[
        { required: true, whitespace: true, message: '请填写变更原因' },
        { max: MAX_REASON_LENGTH, message: `变更原因不能超过 ${MAX_REASON_LENGTH} 个字符` },
      ]}
    />
  );
}

/** The checks that failed, or the server's refusal, kept on the page until the next try. */
export function ProblemsAlert({ title, problems }: { title: string; problems: string[] }) {
  if (problems.length === 0) return null;
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      message={title}
      description={problems.map((problem) => <div key={problem}>{problem}</div>)}
    />
  );
}

export interface SaveButtonsProps {
  saving?: 'draft' | 'submit';
  onSave: (submit: boolean) => void;
  onBack: () => void;
}

/** 返回 · 保存草稿 · 提交审批. */
export function SaveButtons({ saving, onSave, onBack }: SaveButtonsProps) {
  return (
    <Space style={{ marginTop: 24 }}>
      <Button onClick={onBack}>返回</Button>
      <Button loading={saving === 'draft'} disabled={saving === 'submit'} onClick={() => onSave(false)}>
        保存草稿
      </Button>
      <Button type="primary" loading={saving === 'submit'} disabled={saving === 'draft'} onClick={() => onSave(true)}>
        提交审批
      </Button>
    </Space>
  );
}

/** The last column of an editable row table: 移除. */
export function removeColumn<Row>(onRemove: (row: Row) => void) {
  return {
    title: '操作',
    key: 'remove',
    width: 70,
    render: (_: unknown, row: Row) => (
      <Button type="link" size="small" danger onClick={() => onRemove(row)}>
        移除
      </Button>
    ),
  };
}
