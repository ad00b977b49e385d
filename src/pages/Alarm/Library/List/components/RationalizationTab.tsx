/**
 * The drawer's 合理化 tab: a point's rationalization record (docs/domain.md, "Rationalization and the
 * priority matrix") with the matrix's suggestion beside the configured priority, recomputed as severities
 * and time change; editable by holders of the library's edit right, saved against the version loaded.
 */
import { NO_ALARM_LABEL, SEVERITY_LABELS, suggestedPriority } from '@common/priorityMatrix';
import type { LibraryOptions } from '@contract/library';
import type { Rationalization, RationalizationUpdate } from '@contract/rationalization';
import { SEVERITY_LEVELS, type SeverityLevel, type Suggestion } from '@contract/vocabulary';
import { useRequest } from 'ahooks';
import { Alert, Button, Descriptions, Form, Input, InputNumber, message, Result, Select, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { fetchRationalization, saveRationalization } from '@/services/library';
import { formatDateTime } from '@/utils/datetime';
import { failureMessage } from '@/utils/requestFailure';
import { PriorityTag } from './Tags';

type FormValues = Omit<RationalizationUpdate, 'version' | 'maxResponseMinutes' | 'severities'> & {
  maxResponseMinutes?: number | null;
  severities: Record<string, SeverityLevel | undefined>;
};

const LONG = 2000;
const maxLength = (max: number) => ({ max, message: `不能超过 ${max} 个字符` });

function SuggestionTag({ code, options }: { code: Suggestion | null; options?: LibraryOptions }) {
  if (code === null) return <Tag>暂无（需填写严重度和响应时间）</Tag>;
  if (code === 'noAlarm') return <Tag color="default">{NO_ALARM_LABEL}</Tag>;
  return <PriorityTag code={code} options={options} />;
}

const valuesOf = (record: Rationalization): FormValues => ({
  cause: record.cause,
  consequence: record.consequence,
  severities: record.severities,
  maxResponseMinutes: record.maxResponseMinutes,
  operatorResponse: record.operatorResponse,
  verification: record.verification,
  alarmClass: record.alarmClass,
  notes: record.notes,
  justification: record.justification,
});

/** Only the chosen severities go to the server; an empty time is "none". */
function toUpdate(version: number, values: FormValues): RationalizationUpdate {
  const severities = Object.fromEntries(
    Object.entries(values.severities ?? {}).filter((entry): entry is [string, SeverityLevel] => Boolean(entry[1])),
  );
  return {
    version,
    cause: values.cause ?? '',
    consequence: values.consequence ?? '',
    severities,
    maxResponseMinutes: values.maxResponseMinutes ?? null,
    operatorResponse: values.operatorResponse ?? '',
    verification: values.verification ?? '',
    alarmClass: values.alarmClass ?? '',
    notes: values.notes ?? '',
    justification: values.justification ?? '',
  };
}

export interface RationalizationTabProps {
  pointId: number;
  options?: LibraryOptions;
  canEdit: boolean;
  /** Called after a save, so that the list shows the new suggestion. */
  onSaved?: () => void;
}

export default function RationalizationTab({ pointId, options, canEdit, onSaved }: RationalizationTabProps) {
  const [form] = Form.useForm<FormValues>();
  const [record, setRecord] = useState<Rationalization>();
  const [saving, setSaving] = useState(false);
  const { loading, error } = useRequest(() => fetchRationalization(pointId), {
    refreshDeps: [pointId],
    onSuccess: setRecord,
  });
  const severities = Form.useWatch('severities', form) as FormValues['severities'] | undefined;
  const minutes = Form.useWatch('maxResponseMinutes', form) as number | null | undefined;

  if (error && !record) return <Result status="warning" title="合理化记录加载失败" subTitle={failureMessage(error)} />;
  if (!record || (loading && !record)) return <Skeleton active />;

  const chosen = Object.fromEntries(
    Object.entries(severities ?? record.severities).filter((entry): entry is [string, SeverityLevel] =>
      Boolean(entry[1]),
    ),
  );
  const suggestion = suggestedPriority(
    record.matrix,
    chosen,
    minutes === undefined ? record.maxResponseMinutes : minutes,
  );
  const mismatch = suggestion !== null && suggestion !== record.priority;

  const save = async (values: FormValues) => {
    setSaving(true);
    try {
      const saved = await saveRationalization(pointId, toUpdate(record.version, values));
      setRecord(saved);
      form.setFieldsValue(valuesOf(saved));
      message.success(
        saved.rationalizationStatus === record.rationalizationStatus
          ? '合理化记录已保存'
          : '合理化记录已保存，报警点回到待确认',
      );
      onSaved?.();
    } catch {
      // The request client shows why (a stale version says to reload); the input stays.
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Descriptions column={2} bordered size="small" style={{ marginBottom: 12 }}>
        <Descriptions.Item label="合理化状态">
          <Tag color={record.rationalizationStatus === '已确认' ? 'success' : 'warning'}>
            {record.rationalizationStatus}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label="确认">
          {record.confirmedBy ? `${record.confirmedBy} · ${formatDateTime(record.confirmedAt as string)}` : '—'}
        </Descriptions.Item>
        <Descriptions.Item label="当前优先级">
          <PriorityTag code={record.priority} options={options} />
        </Descriptions.Item>
        <Descriptions.Item label="建议优先级">
          <span data-testid="suggested-priority">
            <SuggestionTag code={suggestion} options={options} />
          </span>
        </Descriptions.Item>
      </Descriptions>
      {mismatch && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message="当前优先级与矩阵建议不一致：确认前请调整优先级，或填写差异说明"
        />
      )}
      {record.missing.length > 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message={`记录尚不完整，缺少：${record.missing.join('、')}`}
        />
      )}
      <Form<FormValues>
        form={form}
        layout="vertical"
        disabled={!canEdit}
        initialValues={valuesOf(record)}
        onFinish={save}
        aria-label="合理化记录"
      >
        <Form.Item name="cause" label="原因" rules={[maxLength(LONG)]}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <Form.Item name="consequence" label="不处理的后果" rules={[maxLength(LONG)]}>
          <Input.TextArea rows={2} />
        </Form.Item>
        {record.matrix.categories.map((category) => (
          <Form.Item
            key={category.code}
            name={['severities', category.code]}
            label={`${category.name}严重度`}
            tooltip={SEVERITY_LEVELS.map((level) => `${SEVERITY_LABELS[level]}：${category.levels[level]}`).join('；')}
          >
            <Select
              allowClear
              placeholder="请选择"
              options={SEVERITY_LEVELS.map((level) => ({
                value: level,
                label: `${SEVERITY_LABELS[level]}（${category.levels[level]}）`,
              }))}
            />
          </Form.Item>
        ))}
        <Form.Item
          name="maxResponseMinutes"
          label="响应时间（分钟）"
          tooltip={record.matrix.bands.map((band) => band.name).join('，')}
          rules={[{ type: 'number', min: 0, max: 10_080, message: '响应时间必须是 0 到 10080 之间的整数' }]}
        >
          <InputNumber precision={0} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="operatorResponse" label="处置措施" rules={[maxLength(LONG)]}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <Form.Item name="verification" label="验证方法" rules={[maxLength(LONG)]}>
          <Input.TextArea rows={1} />
        </Form.Item>
        <Form.Item name="alarmClass" label="报警类别" rules={[maxLength(200)]}>
          <Input />
        </Form.Item>
        <Form.Item name="notes" label="备注" rules={[maxLength(LONG)]}>
          <Input.TextArea rows={1} />
        </Form.Item>
        <Form.Item
          name="justification"
          label="差异说明"
          tooltip="当前优先级与建议不一致时，说明保留当前优先级的理由"
          rules={[maxLength(LONG)]}
        >
          <Input.TextArea rows={2} />
        </Form.Item>
        {canEdit && (
          <Button type="primary" htmlType="submit" loading={saving}>
            保存合理化记录
          </Button>
        )}
      </Form>
    </>
  );
}
