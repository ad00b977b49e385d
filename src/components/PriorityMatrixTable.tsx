/**
 * The cells of a priority matrix: worst severity (rows, most severe first) × time to respond (columns), each
 * with the priority it suggests (docs/domain.md, "Rationalization and the priority matrix"). Shown by
 * 报警类型's 优先级矩阵 tab and by a matrix change request (before and after).
 */
import {
  ALARM_SEVERITIES,
  type AlarmSeverity,
  cellSuggestion,
  NO_ALARM_LABEL,
  SEVERITY_LABELS,
} from '@common/priorityMatrix';
import type { PriorityMatrix } from '@contract/rationalization';
import type { Suggestion } from '@contract/vocabulary';
import { Table, Tag } from 'antd';
import type { ReactNode } from 'react';

export interface NamedPriority {
  code: string;
  name: string;
  color?: string;
}

/** A suggestion as a tag in its priority's colour and name (the code until the names are loaded). */
export function SuggestionTag({
  suggestion,
  priorities,
}: {
  suggestion: Suggestion;
  priorities: readonly NamedPriority[];
}) {
  if (suggestion === 'noAlarm') return <Tag>{NO_ALARM_LABEL}</Tag>;
  const priority = priorities.find((item) => item.code === suggestion);
  return <Tag color={priority?.color}>{priority?.name ?? suggestion}</Tag>;
}

type ResponseBand = PriorityMatrix['bands'][number];

/**
 * The matrix's grid: a row per worst severity, most severe first, a column per time-to-respond band; `bandTitle`
 * heads each band and `cell` fills each cell (a tag here, a select in 修改矩阵).
 */
export function MatrixGrid({
  matrix,
  label,
  bandTitle,
  cell,
}: {
  matrix: PriorityMatrix;
  label: string;
  bandTitle: (band: ResponseBand, index: number) => string;
  cell: (level: AlarmSeverity, band: ResponseBand, index: number) => ReactNode;
}) {
  return (
    <Table<{ level: AlarmSeverity }>
      aria-label={label}
      size="small"
      bordered
      pagination={false}
      rowKey="level"
      dataSource={[...ALARM_SEVERITIES].reverse().map((level) => ({ level }))}
      columns={[
        { title: '最严重后果 \\ 响应时间', key: 'level', render: (_, row) => SEVERITY_LABELS[row.level] },
        ...matrix.bands.map((band, index) => ({
          title: bandTitle(band, index),
          key: band.code,
          render: (_: unknown, row: { level: AlarmSeverity }) => cell(row.level, band, index),
        })),
      ]}
    />
  );
}

export default function PriorityMatrixTable({
  matrix,
  priorities,
  label = '优先级矩阵',
}: {
  matrix: PriorityMatrix;
  priorities: readonly NamedPriority[];
  label?: string;
}) {
  return (
    <MatrixGrid
      matrix={matrix}
      label={label}
      bandTitle={(band) => (band.noAlarm ? `${band.name}（${NO_ALARM_LABEL}）` : band.name)}
      cell={(level, band) => <SuggestionTag suggestion={cellSuggestion(matrix, level, band)} priorities={priorities} />}
    />
  );
}
