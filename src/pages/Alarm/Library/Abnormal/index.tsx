/**
 * 异常报警列表: the records of abnormal-alarm detection (kind, point, first/last seen, count, status,
 * handling), filtered, exported, each linked to its point in the library. Ending a record (处置 / 忽略)
 * is the library's handle action. `?status=` opens it filtered by status (the boards link to the open ones).
 */
import { type ActionType, ModalForm, PageContainer, ProFormTextArea, ProTable } from '@ant-design/pro-components';
import { ABNORMAL_KIND_LABELS, abnormalKindLabel, LIBRARY_ROUTE } from '@common/alarmLibrary';
import { permissionString } from '@common/routes';
import type { AbnormalRecord } from '@contract/library';
import { ABNORMAL_STATUSES } from '@contract/vocabulary';
import { Link, useAccess, useSearchParams } from '@umijs/max';
import { message, Space, Tag } from 'antd';
import { useRef, useState } from 'react';
import ExportButton from '@/components/ExportButton';
import RowAction from '@/components/RowAction';
import { closeAbnormal, fetchAbnormal } from '@/services/library';
import { formatOptionalDateTime } from '@/utils/datetime';
import { type ListFilters, tableRequest } from '@/utils/proTable';

const STATUS_COLORS: Record<AbnormalRecord['status'], string> = {
  未处置: 'error',
  已处置: 'success',
  已忽略: 'default',
};

export default function AbnormalListPage() {
  const canHandle = useAccess().can(permissionString(LIBRARY_ROUTE, 'handle'));
  const actionRef = useRef<ActionType>();
  const [filters, setFilters] = useState<ListFilters>({});
  const [closing, setClosing] = useState<{ record: AbnormalRecord; status: '已处置' | '已忽略' }>();
  const [params] = useSearchParams();
  const askedStatus = ABNORMAL_STATUSES.find((status) => status === params.get('status'));

  const close = async ({ note }: { note: string }) => {
    if (!closing) return false;
    try {
      await closeAbnormal(closing.record.id, closing.status, note);
      message.success(`异常报警已标记为「${closing.status}」`);
      actionRef.current?.reload();
      return true;
    } catch {
      return false;
    }
  };

  return (
    <PageContainer>
      <ProTable<AbnormalRecord>
        rowKey="id"
        headerTitle="异常报警"
        actionRef={actionRef}
        request={tableRequest(fetchAbnormal, setFilters)}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        search={{ labelWidth: 'auto' }}
        scroll={{ x: 'max-content' }}
        toolBarRender={() => [<ExportButton key="export" route="GET /alarm/bases/abnormal/export" query={filters} />]}
        columns={[
          {
            title: '位号',
            dataIndex: 'tag',
            fieldProps: { placeholder: '位号开头' },
            render: (_, record) =>
              record.pointDeleted ? (
                `${record.tag}（已删除）`
              ) : (
                <Link
                  to={`${LIBRARY_ROUTE}?tag=${encodeURIComponent(record.tag)}&open=${record.pointId}`}
                  title="在报警库中查看"
                >
                  {record.tag}
                </Link>
              ),
          },
          { title: '报警类型', dataIndex: 'condition', search: false },
          { title: '描述', dataIndex: 'description', search: false, ellipsis: true },
          { title: '装置', dataIndex: 'unit', search: false },
          { title: '操作台', dataIndex: 'console', search: false },
          {
            title: '异常类型',
            dataIndex: 'kind',
            valueType: 'select',
            valueEnum: Object.fromEntries(Object.entries(ABNORMAL_KIND_LABELS).map(([kind, text]) => [kind, { text }])),
            render: (_, record) => abnormalKindLabel(record.kind),
          },
          {
            title: '首次发现',
            dataIndex: 'firstSeen',
            search: false,
            render: (_, record) => formatOptionalDateTime(record.firstSeen),
          },
          {
            title: '最近发现',
            dataIndex: 'lastSeen',
            search: false,
            render: (_, record) => formatOptionalDateTime(record.lastSeen),
          },
          { title: '次数', dataIndex: 'count', search: false },
          {
            title: '状态',
            dataIndex: 'status',
            valueType: 'select',
            initialValue: askedStatus,
            valueEnum: Object.fromEntries(ABNORMAL_STATUSES.map((status) => [status, { text: status }])),
            render: (_, record) => <Tag color={STATUS_COLORS[record.status]}>{record.status}</Tag>,
          },
          { title: '处置人', dataIndex: 'handledBy', search: false },
          {
            title: '处置时间',
            dataIndex: 'handledAt',
            search: false,
            render: (_, record) => formatOptionalDateTime(record.handledAt),
          },
          { title: '处置说明', dataIndex: 'note', search: false, ellipsis: true },
          {
            title: '操作',
            valueType: 'option',
            hideInTable: !canHandle,
            render: (_, record) =>
              record.status === '未处置' && (
                <Space size="small">
                  <RowAction onClick={() => setClosing({ record, status: '已处置' })}>处置</RowAction>
                  <RowAction onClick={() => setClosing({ record, status: '已忽略' })}>忽略</RowAction>
                </Space>
              ),
          },
        ]}
      />
      <ModalForm<{ note: string }>
        title={closing ? `${closing.status === '已处置' ? '处置' : '忽略'}异常报警 ${closing.record.tag}` : ''}
        open={closing !== undefined}
        onOpenChange={(open) => !open && setClosing(undefined)}
        modalProps={{ destroyOnClose: true }}
        onFinish={close}
      >
        <ProFormTextArea
          name="note"
          label={closing?.status === '已忽略' ? '忽略原因' : '处置说明'}
          rules={[
            { required: true, whitespace: true, message: '请填写说明' },
            { max: 2000, message: '说明不能超过 2000 个字符' },
          ]}
        />
      </ModalForm>
    </PageContainer>
  );
}
