/**
 * 优先级矩阵 (read-only): the priority each (worst severity, time to respond) cell gives, and what each
 * severity level means per consequence category (docs/domain.md, "Rationalization and the priority matrix").
 */
import { type AlarmSeverity, NO_ALARM_LABEL, SEVERITY_LABELS } from '@common/priorityMatrix';
import type { PriorityMatrix } from '@contract/rationalization';
import { SEVERITY_LEVELS, type Suggestion } from '@contract/vocabulary';
import { useRequest } from 'ahooks';
import { Card, Result, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { fetchPriorities, fetchPriorityMatrix } from '@/services/dictionaries';
import { formatDateTime } from '@/utils/datetime';
import { failureMessage } from '@/utils/requestFailure';

const ALARM_SEVERITIES = SEVERITY_LEVELS.filter((level): level is AlarmSeverity => level !== 'none');

export default function PriorityMatrixView() {
  const matrix = useRequest(fetchPriorityMatrix);
  const priorities = useRequest(fetchPriorities);
  if (matrix.error) {
    return <Result status="warning" title="优先级矩阵加载失败" subTitle={failureMessage(matrix.error)} />;
  }
  if (!matrix.data) return <Skeleton active />;
  const { matrix: value, updatedBy, updatedAt } = matrix.data;

  const cell = (suggestion: Suggestion | undefined) => {
    if (!suggestion || suggestion === 'noAlarm') return <Tag>{NO_ALARM_LABEL}</Tag>;
    const priority = priorities.data?.find((item) => item.code === suggestion);
    return <Tag color={priority?.color}>{priority?.name ?? suggestion}</Tag>;
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title="优先级矩阵" size="small">
        <Typography.Paragraph type="secondary">
          报警的建议优先级 = 各后果类别中最严重的严重度 ×
          最长响应时间所在区间；最严重为「无」或响应时间在「不设报警」区间时，不设报警（改用其他手段）。
          {updatedBy ? ` 最近修改：${updatedBy} · ${formatDateTime(updatedAt as string)}` : ' 当前为默认矩阵。'}
        </Typography.Paragraph>
        <Table<{ level: AlarmSeverity }>
          aria-label="优先级矩阵"
          size="small"
          bordered
          pagination={false}
          rowKey="level"
          dataSource={[...ALARM_SEVERITIES].reverse().map((level) => ({ level }))}
          columns={[
            { title: '最严重后果 \\ 响应时间', key: 'level', render: (_, row) => SEVERITY_LABELS[row.level] },
            ...value.bands.map((band) => ({
              title: band.noAlarm ? `${band.name}（${NO_ALARM_LABEL}）` : band.name,
              key: band.code,
              render: (_: unknown, row: { level: AlarmSeverity }) =>
                cell(band.noAlarm ? 'noAlarm' : value.cells[row.level][band.code]),
            })),
          ]}
        />
      </Card>
      <Card title="后果严重度" size="small">
        <Table<PriorityMatrix['categories'][number]>
          aria-label="后果严重度"
          size="small"
          bordered
          pagination={false}
          rowKey="code"
          dataSource={value.categories}
          columns={[
            { title: '后果类别', dataIndex: 'name' },
            ...SEVERITY_LEVELS.map((level) => ({
              title: SEVERITY_LABELS[level],
              key: level,
              render: (_: unknown, category: PriorityMatrix['categories'][number]) => category.levels[level],
            })),
          ]}
        />
      </Card>
    </Space>
  );
}
