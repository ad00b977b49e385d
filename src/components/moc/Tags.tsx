/** Status, risk and business type of a change request as coloured tags, and as filterable table columns. */
import type { ProColumns } from '@ant-design/pro-components';
import { BUSINESS_TYPE_LABELS, CHANGE_STATUS_LABELS, RISK_LEVEL_LABELS } from '@common/moc';
import type { BusinessType, ChangeStatus, RiskLevel } from '@contract/vocabulary';
import { Tag } from 'antd';

/** antd Tag colours of the statuses. */
const CHANGE_STATUS_COLORS: Record<ChangeStatus, string> = {
  draft: 'default',
  pending: 'processing',
  approved: 'warning',
  rejected: 'error',
  revoked: 'default',
  applied: 'success',
};

const RISK_LEVEL_COLORS: Record<RiskLevel, string> = { low: 'green', medium: 'orange', high: 'red' };

export function ChangeStatusTag({ status, conflicted }: { status: ChangeStatus; conflicted?: boolean }) {
  // An approved request is only ever left standing by a conflict: say so.
  if (status === 'approved' && conflicted) return <Tag color="error">已通过，未实施（冲突）</Tag>;
  return <Tag color={CHANGE_STATUS_COLORS[status]}>{CHANGE_STATUS_LABELS[status]}</Tag>;
}

export function RiskTag({ risk }: { risk: RiskLevel }) {
  return <Tag color={RISK_LEVEL_COLORS[risk]}>{RISK_LEVEL_LABELS[risk]}风险</Tag>;
}

export function BusinessTypeTag({ type }: { type: BusinessType }) {
  return <Tag>{BUSINESS_TYPE_LABELS[type]}</Tag>;
}

/** `{value: {text}}` for a ProTable select column from a label map. */
export const labelEnum = (labels: Record<string, string>) =>
  Object.fromEntries(Object.entries(labels).map(([value, text]) => [value, { text }]));

/** The business-type column of a change list: filter and tag. */
export function businessTypeColumn<Row extends { businessType: BusinessType }>(): ProColumns<Row> {
  return {
    title: '业务类型',
    dataIndex: 'businessType',
    valueType: 'select',
    valueEnum: labelEnum(BUSINESS_TYPE_LABELS),
    render: (_, row) => <BusinessTypeTag type={row.businessType} />,
  };
}

/** The status column of a change list: filter by the request's status, tag with a conflict said. */
export function changeStatusColumn<Row extends { conflicts: unknown[] }>(
  statusOf: (row: Row) => ChangeStatus,
): ProColumns<Row> {
  return {
    title: '状态',
    dataIndex: 'status',
    valueType: 'select',
    valueEnum: labelEnum(CHANGE_STATUS_LABELS),
    render: (_, row) => <ChangeStatusTag status={statusOf(row)} conflicted={row.conflicts.length > 0} />,
  };
}
