import { formatKpi, KPI_DEFINITIONS, KPI_STATUS_LABELS, type KpiStatus, kpiStatus } from '@common/kpiTargets';
import type { TargetKpi } from '@contract/vocabulary';
import { Card, Skeleton, Statistic, Tag, Typography } from 'antd';
import type React from 'react';

export const STATUS_COLORS: Readonly<Record<KpiStatus, string>> = {
  ok: '#52c41a',
  warning: '#faad14',
  exceeded: '#ff4d4f',
};

/** 达标 / 预警 / 超标 as a coloured tag. */
export function StatusTag({ status }: { status: KpiStatus }) {
  return <Tag color={STATUS_COLORS[status]}>{KPI_STATUS_LABELS[status]}</Tag>;
}

interface CardFrameProps {
  title: string;
  /** Border colour: the status colour of a judged KPI. */
  color?: string;
  children: React.ReactNode;
}

function CardFrame({ title, color, children }: CardFrameProps) {
  return (
    <Card
      size="small"
      role="group"
      aria-label={title}
      style={{ height: '100%', borderTop: `3px solid ${color ?? '#d9d9d9'}` }}
    >
      {children}
    </Card>
  );
}

export interface KpiCardProps {
  kpi: TargetKpi;
  value: number;
  target: number;
  warnFactor: number;
}

/** A KPI with its target, coloured by its status against the target. */
export function KpiCard({ kpi, value, target, warnFactor }: KpiCardProps) {
  const { label, unit } = KPI_DEFINITIONS[kpi];
  const status = kpiStatus(value, target, warnFactor);
  return (
    <CardFrame title={label} color={STATUS_COLORS[status]}>
      <Statistic
        title={label}
        value={formatKpi(kpi, value)}
        suffix={unit}
        valueStyle={{ color: STATUS_COLORS[status] }}
      />
      <Typography.Text type="secondary">{`目标 ≤ ${target} ${unit}`}</Typography.Text> <StatusTag status={status} />
    </CardFrame>
  );
}

/** A card's place while its figure is on its way, as tall as a card. */
export function CardPlaceholder() {
  return (
    <Card size="small" aria-busy style={{ height: '100%', borderTop: '3px solid #d9d9d9' }}>
      <Skeleton active title={false} paragraph={{ rows: 3 }} />
    </Card>
  );
}

export interface InfoCardProps {
  title: string;
  value: number | string;
  suffix?: string;
  note?: React.ReactNode;
}

/** A figure without a target (the number of annunciations, open abnormal alarms…). */
export function InfoCard({ title, value, suffix, note }: InfoCardProps) {
  return (
    <CardFrame title={title}>
      <Statistic title={title} value={value} suffix={suffix} />
      {note && <Typography.Text type="secondary">{note}</Typography.Text>}
    </CardFrame>
  );
}
