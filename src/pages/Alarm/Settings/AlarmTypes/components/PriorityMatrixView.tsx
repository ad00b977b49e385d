/**
 * 优先级矩阵: the priority each (worst severity, time to respond) cell gives, what each severity level means
 * per consequence category, who put the matrix in force through which change request, and the matrix
 * change requests still open (docs/domain.md, "Rationalization and the priority matrix"). Holders of
 * 报警类型's edit right propose a change (MatrixEditor), which takes effect once approved.
 */

import { CHANGE_STATUS_LABELS } from '@common/moc';
import { SEVERITY_LABELS } from '@common/priorityMatrix';
import { permissionString } from '@common/routes';
import type { PriorityMatrix } from '@contract/rationalization';
import { SEVERITY_LEVELS } from '@contract/vocabulary';
import { useAccess } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Alert, Button, Card, message, Result, Skeleton, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import PriorityMatrixTable from '@/components/PriorityMatrixTable';
import { fetchPriorities, fetchPriorityMatrix } from '@/services/dictionaries';
import { formatDateTime } from '@/utils/datetime';
import { failureMessage } from '@/utils/requestFailure';
import MatrixEditor from './MatrixEditor';

export default function PriorityMatrixView() {
  const matrix = useRequest(fetchPriorityMatrix);
  const priorities = useRequest(fetchPriorities);
  const canEdit = useAccess().can(permissionString('/alarm/base/type', 'edit'));
  const [editing, setEditing] = useState(false);
  if (matrix.error) {
    return <Result status="warning" title="优先级矩阵加载失败" subTitle={failureMessage(matrix.error)} />;
  }
  if (!matrix.data) return <Skeleton active />;
  const { matrix: value, updatedBy, updatedAt, changeRequestId, openChanges } = matrix.data;
  const named = priorities.data ?? [];

  if (editing) {
    return (
      <MatrixEditor
        matrix={value}
        priorities={named}
        onCancel={() => setEditing(false)}
        onSaved={(change) => {
          message.success(
            change.status === 'draft'
              ? `已保存草稿：变更单 #${change.id}，可在「变更管理」中提交`
              : `已提交审批：变更单 #${change.id}，审批通过后生效`,
          );
          setEditing(false);
          matrix.refresh();
        }}
      />
    );
  }

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {openChanges.length > 0 && (
        <Alert
          type="info"
          showIcon
          message="有未结束的优先级矩阵变更"
          description={openChanges.map((change) => (
            <div key={change.id}>
              变更单 #{change.id} {change.title}（{CHANGE_STATUS_LABELS[change.status]}）
            </div>
          ))}
        />
      )}
      <Card
        title="优先级矩阵"
        size="small"
        extra={
          canEdit && (
            <Button type="primary" onClick={() => setEditing(true)}>
              修改矩阵
            </Button>
          )
        }
      >
        <Typography.Paragraph type="secondary">
          报警的建议优先级 = 各后果类别中最严重的严重度 ×
          最长响应时间所在区间；最严重为「无」或响应时间在「不设报警」区间时，不设报警（改用其他手段）。
          {updatedBy ? ` 最近修改：${updatedBy} · ${formatDateTime(updatedAt as string)}` : ' 当前为默认矩阵。'}
          {changeRequestId ? `（变更单 #${changeRequestId}）` : ''}
        </Typography.Paragraph>
        <PriorityMatrixTable matrix={value} priorities={named} />
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
