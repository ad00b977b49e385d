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
    <Table<{ level: AlarmSeverity }>
      aria-label={label}
      size="small"
      bordered
      pagination={false}
      rowKey="level"
      dataSource={[...ALARM_SEVERITIES].reverse().map((level) => ({ level }))}
      columns={[
        { title: '最严重后果 \\ 响应时间', key: 'level', render: (_, row) => SEVERITY_LABELS[row.level] },
        ...matrix.bands.map((band) => ({
          title: band.noAlarm ? `${band.name}（${NO_ALARM_LABEL}）` : band.name,
          key: band.code,
          render: (_: unknown, row: { level: AlarmSeverity }) => (
            <SuggestionTag suggestion={cellSuggestion(matrix, row.level, band)} priorities={priorities} />
          ),
        })),
      ]}
    />
  );
}
