/**
 * 修改矩阵: the consequence categories (name, what each severity means), the time-to-respond bands (name,
 * longest time, «no alarm») and the priority of every cell, edited on a copy of the matrix in force. Saving
 * proposes the change as a change request (优先级矩阵变更): nothing changes until its approval, which puts the
 * matrix in force and recomputes every point's suggestion (docs/domain.md).
 */
import { ProForm } from '@ant-design/pro-components';
import {
  ALARM_SEVERITIES,
  type AlarmSeverity,
  matrixProblems,
  NO_ALARM_LABEL,
  type PriorityMatrix,
  type ResponseBand,
  SEVERITY_LABELS,
} from '@common/priorityMatrix';
import type { ChangeRequestDetail } from '@contract/moc';
import type { MatrixChangeBody } from '@contract/rationalization';
import { SEVERITY_LEVELS, type Suggestion } from '@contract/vocabulary';
import { Button, Card, Checkbox, Input, InputNumber, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { ProblemsAlert, ReasonField, RiskLevelField, removeColumn, SaveButtons } from '@/components/moc/FormParts';
import { MatrixGrid, type NamedPriority } from '@/components/PriorityMatrixTable';
import { proposeMatrixChange } from '@/services/dictionaries';

type Category = PriorityMatrix['categories'][number];

/** A code no row of `taken` has: new rows need one, and people never see it. */
function freshCode(prefix: string, taken: readonly { code: string }[]): string {
  let n = taken.length + 1;
  while (taken.some((row) => row.code === `${prefix}${n}`)) n++;
  return `${prefix}${n}`;
}

export interface MatrixEditorProps {
  matrix: PriorityMatrix;
  priorities: readonly NamedPriority[];
  onSaved: (change: ChangeRequestDetail) => void;
  onCancel: () => void;
}

export default function MatrixEditor({ matrix: current, priorities, onSaved, onCancel }: MatrixEditorProps) {
  const [matrix, setMatrix] = useState<PriorityMatrix>(() => structuredClone(current));
  const [saving, setSaving] = useState<'draft' | 'submit'>();
  const [form] = ProForm.useForm<Pick<MatrixChangeBody, 'reason' | 'riskLevel'>>();
  const problems = matrixProblems(matrix);

  const setCategory = (index: number, category: Category) =>
    setMatrix({ ...matrix, categories: matrix.categories.map((row, i) => (i === index ? category : row)) });
  const setBand = (index: number, band: ResponseBand) =>
    setMatrix({ ...matrix, bands: matrix.bands.map((row, i) => (i === index ? band : row)) });
  const setCell = (severity: AlarmSeverity, band: string, suggestion: Suggestion) =>
    setMatrix({ ...matrix, cells: { ...matrix.cells, [severity]: { ...matrix.cells[severity], [band]: suggestion } } });

  const addCategory = () => {
    const levels = { none: '', minor: '', major: '', severe: '' };
    const code = freshCode('category', matrix.categories);
    setMatrix({ ...matrix, categories: [...matrix.categories, { code, name: '', levels }] });
  };
  const removeCategory = (category: Category) =>
    setMatrix({ ...matrix, categories: matrix.categories.filter((row) => row.code !== category.code) });
  // A new band goes before the last, open-ended one, with the priorities of the band before it.
  const addBand = () => {
    const code = freshCode('band', matrix.bands);
    const at = Math.max(matrix.bands.length - 1, 0);
    const before = matrix.bands[at - 1];
    const band: ResponseBand = { code, name: '', maxMinutes: null, noAlarm: false };
    const cells = Object.fromEntries(
      ALARM_SEVERITIES.map((severity) => [
        severity,
        { ...matrix.cells[severity], [code]: (before && matrix.cells[severity][before.code]) || 'low' },
      ]),
    ) as PriorityMatrix['cells'];
    setMatrix({ ...matrix, bands: [...matrix.bands.slice(0, at), band, ...matrix.bands.slice(at)], cells });
  };
  const removeBand = (band: ResponseBand) => {
    const cells = Object.fromEntries(
      ALARM_SEVERITIES.map((severity) => {
        const { [band.code]: _removed, ...kept } = matrix.cells[severity];
        return [severity, kept];
      }),
    ) as PriorityMatrix['cells'];
    setMatrix({ ...matrix, bands: matrix.bands.filter((row) => row.code !== band.code), cells });
  };

  const save = async (submit: boolean) => {
    let fields: Pick<MatrixChangeBody, 'reason' | 'riskLevel'>;
    try {
      fields = await form.validateFields();
    } catch {
      return;
    }
    if (problems.length) return;
    setSaving(submit ? 'submit' : 'draft');
    try {
      onSaved(await proposeMatrixChange({ ...fields, matrix, submit }));
    } catch {
      // The request client has shown the refusal; the edits stay for another try.
    } finally {
      setSaving(undefined);
    }
  };

  const suggestionOptions = [
    ...priorities.map((priority) => ({ value: priority.code, label: priority.name })),
    { value: 'noAlarm', label: NO_ALARM_LABEL },
  ];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary">
        修改后的矩阵作为「优先级矩阵变更」提交审批，审批通过后才生效，并重新计算每个报警点的建议优先级。
      </Typography.Paragraph>
      <Card title="后果类别与严重度说明" size="small" extra={<Button onClick={addCategory}>添加后果类别</Button>}>
        <Table<Category>
          aria-label="编辑后果类别"
          size="small"
          pagination={false}
          rowKey="code"
          dataSource={matrix.categories}
          scroll={{ x: 900 }}
          columns={[
            {
              title: '后果类别',
              key: 'name',
              width: 140,
              render: (_, row, index) => (
                <Input
                  aria-label={`第 ${index + 1} 个后果类别名称`}
                  value={row.name}
                  maxLength={50}
                  onChange={(event) => setCategory(index, { ...row, name: event.target.value })}
                />
              ),
            },
            ...SEVERITY_LEVELS.map((level) => ({
              title: SEVERITY_LABELS[level],
              key: level,
              render: (_: unknown, row: Category, index: number) => (
                <Input.TextArea
                  aria-label={`${row.name || `第 ${index + 1} 个后果类别`}「${SEVERITY_LABELS[level]}」说明`}
                  autoSize
                  value={row.levels[level]}
                  maxLength={200}
                  onChange={(event) =>
                    setCategory(index, { ...row, levels: { ...row.levels, [level]: event.target.value } })
                  }
                />
              ),
            })),
            removeColumn<Category>(removeCategory),
          ]}
        />
      </Card>
      <Card title="响应时间区间" size="small" extra={<Button onClick={addBand}>添加区间</Button>}>
        <Table<ResponseBand>
          aria-label="编辑响应时间区间"
          size="small"
          pagination={false}
          rowKey="code"
          dataSource={matrix.bands}
          columns={[
            {
              title: '名称',
              key: 'name',
              render: (_, row, index) => (
                <Input
                  aria-label={`第 ${index + 1} 个区间名称`}
                  value={row.name}
                  maxLength={50}
                  onChange={(event) => setBand(index, { ...row, name: event.target.value })}
                />
              ),
            },
            {
              title: '最长响应时间（分钟）',
              key: 'maxMinutes',
              render: (_, row, index) =>
                index === matrix.bands.length - 1 ? (
                  '不设上限'
                ) : (
                  <InputNumber
                    aria-label={`第 ${index + 1} 个区间最长响应时间`}
                    min={0}
                    max={10_080}
                    precision={0}
                    value={row.maxMinutes}
                    onChange={(value) => setBand(index, { ...row, maxMinutes: value ?? null })}
                  />
                ),
            },
            {
              title: NO_ALARM_LABEL,
              key: 'noAlarm',
              render: (_, row, index) => (
                <Checkbox
                  aria-label={`第 ${index + 1} 个区间${NO_ALARM_LABEL}`}
                  checked={row.noAlarm}
                  onChange={(event) => setBand(index, { ...row, noAlarm: event.target.checked })}
                />
              ),
            },
            removeColumn<ResponseBand>(removeBand),
          ]}
        />
      </Card>
      <Card title="各单元格的优先级" size="small">
        <MatrixGrid
          matrix={matrix}
          label="编辑优先级矩阵"
          bandTitle={(band, index) => band.name || `第 ${index + 1} 个区间`}
          cell={(level, band, index) =>
            band.noAlarm ? (
              NO_ALARM_LABEL
            ) : (
              <Select<Suggestion>
                aria-label={`${SEVERITY_LABELS[level]} × ${band.name || `第 ${index + 1} 个区间`}`}
                style={{ width: 110 }}
                value={matrix.cells[level][band.code]}
                options={suggestionOptions}
                onChange={(value) => setCell(level, band.code, value)}
              />
            )
          }
        />
      </Card>
      <ProblemsAlert title="矩阵不完整" problems={problems} />
      <ProForm form={form} submitter={false} initialValues={{ riskLevel: 'high' }}>
        <RiskLevelField />
        <ReasonField />
      </ProForm>
      <SaveButtons saving={saving} onSave={save} onBack={onCancel} />
    </Space>
  );
}
