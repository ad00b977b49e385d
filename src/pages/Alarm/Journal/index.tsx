/** 模拟 (/alarm/mock): generate simulated journals, import journal files, export and delete simulated batches. */
import { type ActionType, PageContainer, ProTable } from '@ant-design/pro-components';
import { permissionString } from '@common/routes';
import type { DataBatch } from '@contract/journal';
import { useAccess } from '@umijs/max';
import { message, Popconfirm, Space, Typography } from 'antd';
import { useRef } from 'react';
import ExportButton from '@/components/ExportButton';
import { deleteBatch, fetchBatches, SIMULATED } from '@/services/journal';
import { formatDateTime } from '@/utils/datetime';
import { tableRequest } from '@/utils/proTable';
import ImportCard from './components/ImportCard';
import SimulateCard from './components/SimulateCard';
import { SCENARIO_OPTIONS } from './scenarios';

const scenarioLabel = (value?: string) =>
  SCENARIO_OPTIONS.find((option) => option.value === value)?.label ?? value ?? '';

export default function JournalPage() {
  const { can } = useAccess();
  const allowed = can(permissionString('/alarm/mock', 'view'));
  const table = useRef<ActionType>(null);
  const reload = () => table.current?.reload();

  return (
    <PageContainer>
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <SimulateCard disabled={!allowed} onSimulated={reload} />
        <ImportCard disabled={!allowed} onImported={reload} />
        <ProTable<DataBatch>
          headerTitle="模拟数据批次"
          rowKey="id"
          actionRef={table}
          search={false}
          options={{ reload: true, density: false, setting: false }}
          request={tableRequest(fetchBatches)}
          locale={{ emptyText: '暂无模拟数据' }}
          toolBarRender={() => [
            // The table lists simulated batches only (fetchBatches): so does the file.
            allowed && <ExportButton key="export" route="GET /alarm/mock/batches/export" query={SIMULATED} />,
          ]}
          columns={[
            { title: '批次', dataIndex: 'id', width: 80 },
            { title: '名称', dataIndex: 'label' },
            { title: '场景', render: (_, batch) => scenarioLabel(batch.parameters?.scenario) },
            {
              title: '事件数',
              dataIndex: 'eventCount',
              render: (_, batch) => batch.eventCount.toLocaleString('zh-CN'),
            },
            {
              title: '数据时间',
              render: (_, batch) =>
                batch.firstTime
                  ? `${formatDateTime(batch.firstTime)} ~ ${formatDateTime(batch.lastTime ?? batch.firstTime)}`
                  : '-',
            },
            { title: '创建人', dataIndex: 'createdBy', width: 100 },
            {
              title: '操作',
              width: 90,
              render: (_, batch) =>
                allowed ? (
                  <Popconfirm
                    title="删除该批次的全部模拟事件？"
                    onConfirm={async () => {
                      try {
                        const deleted = await deleteBatch(batch.id);
                        message.success(`已删除 ${deleted.toLocaleString('zh-CN')} 条模拟事件`);
                        reload();
                      } catch {
                        // Shown by the request client.
                      }
                    }}
                  >
                    <Typography.Link type="danger">删除</Typography.Link>
                  </Popconfirm>
                ) : null,
            },
          ]}
        />
      </Space>
    </PageContainer>
  );
}
