/**
 * 模板评估: pick a template (and a unit) and see every equipment of its type against it — compliance per
 * unit, a bar per equipment, and the table whose rows expand to the deviations.
 */
import { PageContainer, ProCard, StatisticCard } from '@ant-design/pro-components';
import { permissionString } from '@common/routes';
import { type DeviationNames, deviationNames } from '@common/templates';
import type { EquipmentResult, Evaluation, UnitResult } from '@contract/templates';
import { history, useAccess } from '@umijs/max';
import { useRequest } from 'ahooks';
import {
  Button,
  Empty,
  message,
  Result,
  Select,
  Skeleton,
  Space,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import ExportButton from '@/components/ExportButton';
import { CHANGE_CREATE_PAGE, CHANGE_PATH, draftFromTemplate } from '@/services/moc';
import { fetchEvaluation, fetchEvaluationOptions } from '@/services/templates';
import { failureMessage } from '@/utils/requestFailure';
import ComplianceChart from './components/ComplianceChart';
import DeviationList from './components/DeviationList';
import { scoreColor, scoreText } from './components/format';

const score = (value: number) => (
  <Typography.Text style={{ color: scoreColor(value) }}>{scoreText(value)}</Typography.Text>
);

const unitColumns: TableColumnsType<UnitResult> = [
  { title: '装置', dataIndex: 'unit' },
  { title: '设备数', dataIndex: 'equipmentCount', width: 90 },
  { title: '合规率', dataIndex: 'score', width: 110, render: score },
];

function EvaluationResult({ evaluation, names }: { evaluation: Evaluation; names: DeviationNames }) {
  const { equipment, units, template } = evaluation;
  if (equipment.length === 0) {
    return (
      <ProCard>
        <Empty description={`没有设备类型为「${template.equipmentType}」的设备`} />
      </ProCard>
    );
  }
  const total = (key: 'missing' | 'extra' | 'differing') => equipment.reduce((sum, row) => sum + row[key], 0);
  const columns: TableColumnsType<EquipmentResult> = [
    { title: '装置', dataIndex: 'unit' },
    { title: '设备', dataIndex: 'name' },
    { title: '合规率', dataIndex: 'score', render: score, sorter: (a, b) => a.score - b.score },
    { title: '合规项 / 模板项', key: 'items', render: (_, row) => `${row.matchingItems} / ${row.itemCount}` },
    { title: '缺少必需报警', dataIndex: 'missing' },
    { title: '多余报警', dataIndex: 'extra' },
    { title: '设置不一致', dataIndex: 'differing' },
  ];
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <StatisticCard.Group>
        <StatisticCard statistic={{ title: '设备数', value: equipment.length }} />
        <StatisticCard
          statistic={{
            title: '平均合规率',
            value: scoreText(equipment.reduce((sum, row) => sum + row.score, 0) / equipment.length),
          }}
        />
        <StatisticCard statistic={{ title: '缺少必需报警', value: total('missing') }} />
        <StatisticCard statistic={{ title: '多余报警', value: total('extra') }} />
        <StatisticCard statistic={{ title: '设置不一致', value: total('differing') }} />
      </StatisticCard.Group>
      <ProCard split="vertical" gutter={16} ghost>
        <ProCard title="各设备合规率" colSpan="65%">
          <ComplianceChart equipment={equipment} />
        </ProCard>
        <ProCard title="各装置合规率">
          <Table<UnitResult> rowKey="unitId" size="small" pagination={false} columns={unitColumns} dataSource={units} />
        </ProCard>
      </ProCard>
      <ProCard title="设备评估明细">
        <Table<EquipmentResult>
          rowKey="id"
          columns={columns}
          dataSource={equipment}
          pagination={{ defaultPageSize: 20, hideOnSinglePage: true }}
          expandable={{ expandedRowRender: (row) => <DeviationList equipment={row} names={names} /> }}
        />
      </ProCard>
    </Space>
  );
}

/** Drafts one change request from the deviations shown, and opens it in 发起变更. */
function DraftChangeButton({ templateId, unitId }: { templateId: number; unitId?: number }) {
  const [drafting, setDrafting] = useState(false);
  const draft = async () => {
    setDrafting(true);
    try {
      const { change, skipped } = await draftFromTemplate({ templateId, unitId });
      const left = skipped.missing + skipped.extra + skipped.noRange;
      message.success(
        `已生成变更草稿 #${change.id}${left ? `，另有 ${left} 项偏差（缺少、多余或无法比较）需手工处理` : ''}`,
      );
      history.push(`${CHANGE_CREATE_PAGE}?id=${change.id}`);
    } catch {
      // The request client has shown why (e.g. no setting differs).
    } finally {
      setDrafting(false);
    }
  };
  return (
    <Button loading={drafting} onClick={draft}>
      根据偏差发起变更
    </Button>
  );
}

export default function EvaluatePage() {
  const canDraft = useAccess().can(permissionString(CHANGE_PATH, 'create'));
  const options = useRequest(fetchEvaluationOptions);
  const [chosenTemplate, setTemplateId] = useState<number>();
  const [unitId, setUnitId] = useState<number>();
  const templateId = chosenTemplate ?? options.data?.templates[0]?.id;
  const evaluation = useRequest(() => fetchEvaluation({ templateId: templateId as number, unitId }), {
    ready: templateId !== undefined,
    refreshDeps: [templateId, unitId],
  });
  const names = useMemo(() => (options.data ? deviationNames(options.data) : {}), [options.data]);

  const failed = options.error ?? evaluation.error;
  const retry = () => (options.error ? options.refresh() : evaluation.refresh());
  const body = () => {
    if (failed) {
      return (
        <Result
          status="error"
          title="加载评估结果失败"
          subTitle={failureMessage(failed)}
          extra={<Button onClick={retry}>重试</Button>}
        />
      );
    }
    if (options.loading || !options.data) return <Skeleton active />;
    if (options.data.templates.length === 0) {
      return (
        <ProCard>
          <Empty description="暂无模板，请先在「模板列表」中新建模板" />
        </ProCard>
      );
    }
    if (evaluation.loading || !evaluation.data) return <Skeleton active />;
    return <EvaluationResult evaluation={evaluation.data} names={names} />;
  };

  return (
    <PageContainer
      extra={
        <Space wrap>
          <Select
            aria-label="模板"
            style={{ width: 280 }}
            placeholder="选择模板"
            value={templateId}
            onChange={setTemplateId}
            loading={options.loading}
            options={options.data?.templates.map((template) => ({
              value: template.id,
              label: `${template.name}（${template.equipmentType}）`,
            }))}
          />
          <Select
            aria-label="装置"
            style={{ width: 180 }}
            placeholder="全部装置"
            allowClear
            value={unitId}
            onChange={setUnitId}
            options={options.data?.units.map((unit) => ({ value: unit.id, label: unit.name }))}
          />
          {templateId !== undefined && (
            <ExportButton route="GET /alarm/op/evaluate/export" query={{ templateId, unitId }} />
          )}
          {templateId !== undefined && canDraft && <DraftChangeButton templateId={templateId} unitId={unitId} />}
        </Space>
      }
    >
      {body()}
    </PageContainer>
  );
}
