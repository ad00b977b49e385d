/**
 * One change request in full: its fields, the conflict that stopped it, the items (point, field,
 * before → after, with the value now), the proposed condition or the proposed priority matrix (what changes,
 * the cells before and after), the approval steps and the transition log;
 * whether it is archived, and its audit workbook (审计导出).
 */

import { CHANGE_ACTION_LABELS, CHANGE_FIELD_LABELS } from '@common/moc';
import { matrixDifferences, NO_ALARM_LABEL } from '@common/priorityMatrix';
import type { ChangeItem, ChangeRequestDetail, ConditionOverride, ConditionProposalView } from '@contract/moc';
import { CHANGE_FIELDS } from '@contract/vocabulary';
import { Alert, Descriptions, Divider, Empty, Flex, Table, Tag, Timeline, Typography } from 'antd';
import ExportButton from '@/components/ExportButton';
import PriorityMatrixTable from '@/components/PriorityMatrixTable';
import { formatDateTime, formatOptionalDateTime } from '@/utils/datetime';
import ApprovalSteps from './ApprovalSteps';
import { type PriorityName, priorityName, settingText } from './format';
import { usePriorityNames } from './priorities';
import { BusinessTypeTag, ChangeStatusTag, RiskTag } from './Tags';

function ItemsTable({ items }: { items: ChangeItem[] }) {
  const priorities = usePriorityNames();
  const text = (item: ChangeItem, value: ChangeItem['before']) => settingText(item.field, value, priorities);
  return (
    <Table<ChangeItem>
      aria-label="变更项"
      size="small"
      rowKey="id"
      dataSource={items}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      locale={{ emptyText: '没有变更项' }}
      columns={[
        { title: '报警点', key: 'point', render: (_, item) => `${item.tag} / ${item.condition}` },
        { title: '描述', dataIndex: 'description', ellipsis: true },
        { title: '字段', dataIndex: 'field', render: (_, item) => CHANGE_FIELD_LABELS[item.field] },
        {
          title: '修改前 → 修改后',
          key: 'values',
          render: (_, item) => `${text(item, item.before)} → ${text(item, item.after)}`,
        },
        {
          title: '当前值',
          key: 'current',
          render: (_, item) => (
            <>
              {text(item, item.current)}
              {item.stale && (
                <Tag color="warning" style={{ marginLeft: 8 }}>
                  申请后已被修改
                </Tag>
              )}
            </>
          ),
        },
      ]}
    />
  );
}

/** The settings an override sets, as “field: base → override”. */
function overrideText(override: ConditionOverride, priorities: readonly PriorityName[]): string {
  return CHANGE_FIELDS.filter((field) => override[field] !== null)
    .map(
      (field) =>
        `${CHANGE_FIELD_LABELS[field]}：${settingText(field, override.base[field], priorities)} → ${settingText(field, override[field], priorities)}`,
    )
    .join('；');
}

function ConditionProposalSection({ condition }: { condition: ConditionProposalView }) {
  const priorities = usePriorityNames();
  return (
    <>
      <Descriptions size="small" bordered column={2}>
        <Descriptions.Item label="装置">{condition.unit}</Descriptions.Item>
        <Descriptions.Item label="工况">
          {condition.name} {condition.conditionId === null ? <Tag color="blue">新建</Tag> : <Tag>修改</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label="工况说明" span={2}>
          {condition.description || '—'}
        </Descriptions.Item>
      </Descriptions>
      <Table<ConditionOverride>
        aria-label="工况设置"
        size="small"
        rowKey="pointId"
        style={{ marginTop: 12 }}
        dataSource={condition.overrides}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        locale={{ emptyText: '该工况下所有报警点沿用基准设置' }}
        columns={[
          { title: '报警点', key: 'point', render: (_, row) => `${row.tag} / ${row.condition}` },
          { title: '工况设置（基准 → 工况下）', key: 'settings', render: (_, row) => overrideText(row, priorities) },
        ]}
      />
    </>
  );
}

/** A matrix change: what it changes, line by line, and the cells before and after. */
function MatrixProposalSection({ matrix }: { matrix: NonNullable<ChangeRequestDetail['matrix']> }) {
  const priorities = usePriorityNames();
  const lines = matrixDifferences(matrix.before, matrix.after, (suggestion) =>
    suggestion === 'noAlarm' ? NO_ALARM_LABEL : priorityName(suggestion, priorities),
  );
  return (
    <>
      <Typography.Title level={5}>修改内容</Typography.Title>
      {lines.length ? (
        <ul aria-label="矩阵修改内容">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : (
        <Typography.Paragraph type="secondary">与申请时的矩阵相同</Typography.Paragraph>
      )}
      <Flex gap={16} wrap>
        <div style={{ flex: 1, minWidth: 320 }}>
          <Typography.Title level={5}>修改前</Typography.Title>
          <PriorityMatrixTable matrix={matrix.before} priorities={priorities} label="修改前的优先级矩阵" />
        </div>
        <div style={{ flex: 1, minWidth: 320 }}>
          <Typography.Title level={5}>修改后</Typography.Title>
          <PriorityMatrixTable matrix={matrix.after} priorities={priorities} label="修改后的优先级矩阵" />
        </div>
      </Flex>
    </>
  );
}

export default function ChangeDetail({ change }: { change: ChangeRequestDetail }) {
  return (
    <>
      <Flex justify="flex-end" style={{ marginBottom: 12 }}>
        <ExportButton route="GET /alarm/op/update/:id/audit" params={{ id: change.id }} label="审计导出" />
      </Flex>
      {change.archivedAt && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message={`已归档（${formatDateTime(change.archivedAt)}）：不在默认列表中显示，历史记录完整保留`}
        />
      )}
      {change.conflicts.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          message="审批已通过，但变更未实施：以下内容在申请后已被修改，请重新发起变更"
          description={change.conflicts.map((conflict) => (
            <div key={`${conflict.itemId}-${conflict.pointId}`}>
              {conflict.tag ? `${conflict.tag} / ${conflict.condition}：` : ''}
              {conflict.message}
            </div>
          ))}
        />
      )}
      <Descriptions size="small" bordered column={2}>
        <Descriptions.Item label="标题" span={2}>
          {change.title}
        </Descriptions.Item>
        <Descriptions.Item label="状态">
          <ChangeStatusTag status={change.status} conflicted={change.conflicts.length > 0} />
        </Descriptions.Item>
        <Descriptions.Item label="业务类型">
          <BusinessTypeTag type={change.businessType} />
        </Descriptions.Item>
        <Descriptions.Item label="风险等级">
          <RiskTag risk={change.riskLevel} />
        </Descriptions.Item>
        <Descriptions.Item label="发起人">{change.initiator.name}</Descriptions.Item>
        {change.template && <Descriptions.Item label="模板">{change.template}</Descriptions.Item>}
        <Descriptions.Item label="创建时间">{formatOptionalDateTime(change.createdAt)}</Descriptions.Item>
        <Descriptions.Item label="提交时间">{formatOptionalDateTime(change.submittedAt)}</Descriptions.Item>
        <Descriptions.Item label="结束时间">{formatOptionalDateTime(change.endedAt)}</Descriptions.Item>
        <Descriptions.Item label="实施时间">{formatOptionalDateTime(change.appliedAt)}</Descriptions.Item>
        <Descriptions.Item label="变更原因" span={2}>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{change.reason}</Typography.Paragraph>
        </Descriptions.Item>
      </Descriptions>
      <Divider orientation="left">变更内容</Divider>
      {change.condition ? (
        <ConditionProposalSection condition={change.condition} />
      ) : change.matrix ? (
        <MatrixProposalSection matrix={change.matrix} />
      ) : (
        <ItemsTable items={change.items} />
      )}
      <Divider orientation="left">审批进度</Divider>
      {change.approvalDetail ? (
        <ApprovalSteps approval={change.approvalDetail} />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚未提交审批" />
      )}
      <Divider orientation="left">处理记录</Divider>
      <Timeline
        items={change.transitions.map((transition) => ({
          key: transition.id,
          children: (
            <>
              {formatDateTime(transition.at)} {transition.actor.name} {CHANGE_ACTION_LABELS[transition.action]}
              {transition.comment && <div>“{transition.comment}”</div>}
            </>
          ),
        }))}
      />
    </>
  );
}
