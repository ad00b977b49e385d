/**
 * 数据采集 (/alarm/base/source): the sources the console collects alarm events from by itself — for now journal
 * drop folders under the server's drop root (docs/api.md, "Data collection") — with their state, today's events,
 * the last event, 测试连接 and enable/disable; create, edit and delete for holders of those rights.
 */
import {
  ModalForm,
  PageContainer,
  ProFormRadio,
  ProFormSwitch,
  ProFormText,
  ProTable,
} from '@ant-design/pro-components';
import { permissionString } from '@common/routes';
import type { Source, SourceBody, SourceTest } from '@contract/sources';
import type { SourceKind } from '@contract/vocabulary';
import { useAccess } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Alert, Button, Modal, message, Popconfirm, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import LoadFailed from '@/components/LoadFailed';
import RowAction from '@/components/RowAction';
import SourceStateTag from '@/components/SourceStateTag';
import { createSource, deleteSource, fetchSources, SOURCE_PATH, testSource, updateSource } from '@/services/sources';
import { formatDateTime } from '@/utils/datetime';

/** The list asks again this often, so that states and counts follow the collector. */
export const SOURCES_POLLING_MS = 3000;

const KIND_LABELS: Record<SourceKind, string> = { folder: '投放文件夹', opcua: 'OPC UA' };

/** The checks the server makes too (docs/api.md, "Data collection"): a relative path under the drop root. */
function folderProblem(value: string | undefined): string | undefined {
  const folder = value?.trim() ?? '';
  if (!folder) return '请输入子文件夹名称';
  if (folder.startsWith('/') || /^[A-Za-z]:/.test(folder))
    return '子文件夹必须是投放根目录下的相对路径，不能是绝对路径';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (/[\u0000-\u001f\u007f\\:*?"<>|]/.test(folder)) return '子文件夹名称含有不允许的字符（如 \\ : * ? " < > |）';
  const segments = folder.split('/');
  if (segments.some((segment) => segment === '.' || segment === '..')) return '子文件夹不能包含 . 或 .. 路径段';
  if (segments.some((segment) => !segment.trim())) return '子文件夹路径中不能有空的路径段';
  if (segments.some((segment) => segment === 'done' || segment === 'failed'))
    return '子文件夹不能命名为 done 或 failed';
  return undefined;
}

interface FormValues {
  name: string;
  kind: SourceKind;
  folder: string;
  unit?: string;
  console?: string;
  enabled: boolean;
}

const bodyOf = (values: FormValues): SourceBody => ({
  name: values.name,
  kind: values.kind,
  enabled: values.enabled,
  unit: values.unit ?? '',
  console: values.console ?? '',
  folder: { folder: values.folder },
});

export default function SourcesPage() {
  const { can } = useAccess();
  const canCreate = can(permissionString(SOURCE_PATH, 'create'));
  const canEdit = can(permissionString(SOURCE_PATH, 'edit'));
  const canDelete = can(permissionString(SOURCE_PATH, 'delete'));
  const [editing, setEditing] = useState<Source | 'new'>();
  const [tested, setTested] = useState<{ source: Source; result: SourceTest }>();
  const [testing, setTesting] = useState<number>();
  const { data, error, loading, refresh } = useRequest(fetchSources, {
    pollingInterval: SOURCES_POLLING_MS,
    pollingWhenHidden: false,
  });

  const save = async (values: FormValues) => {
    try {
      if (editing === 'new') await createSource(bodyOf(values));
      else if (editing) await updateSource(editing.id, bodyOf(values));
      message.success('已保存');
      refresh();
      return true;
    } catch {
      return false;
    }
  };

  const toggle = async (row: Source) => {
    try {
      await updateSource(row.id, {
        name: row.name,
        kind: row.kind,
        enabled: !row.enabled,
        unit: row.unit,
        console: row.console,
        folder: row.folder ?? undefined,
      });
      message.success(row.enabled ? `已停用「${row.name}」` : `已启用「${row.name}」`);
      refresh();
    } catch {
      // Shown by the request client.
    }
  };

  const remove = async (row: Source) => {
    try {
      await deleteSource(row.id);
      message.success(`已删除数据源「${row.name}」`);
      refresh();
    } catch {
      // Shown by the request client.
    }
  };

  const runTest = async (row: Source) => {
    setTesting(row.id);
    try {
      setTested({ source: row, result: await testSource(row.id) });
    } catch {
      // Shown by the request client.
    } finally {
      setTesting(undefined);
    }
  };

  if (error && !data) {
    return (
      <PageContainer>
        <LoadFailed title="加载数据源失败" error={error} retry={refresh} />
      </PageContainer>
    );
  }

  return (
    <PageContainer>
      <ProTable<Source>
        rowKey="id"
        headerTitle="数据源列表"
        search={false}
        options={{ reload: refresh, density: false, setting: false }}
        loading={loading && !data}
        dataSource={data}
        pagination={false}
        locale={{ emptyText: canCreate ? '还没有数据源，点击「新建数据源」添加' : '还没有数据源' }}
        toolBarRender={() => [
          canCreate && (
            <Button key="create" type="primary" onClick={() => setEditing('new')}>
              新建数据源
            </Button>
          ),
        ]}
        columns={[
          { title: '名称', dataIndex: 'name' },
          { title: '类型', dataIndex: 'kind', render: (_, row) => KIND_LABELS[row.kind] },
          { title: '子文件夹', key: 'folder', render: (_, row) => row.folder?.folder ?? '—' },
          {
            title: '默认装置 / 操作台',
            key: 'defaults',
            render: (_, row) => `${row.unit || '—'} / ${row.console || '—'}`,
          },
          {
            title: '状态',
            key: 'state',
            render: (_, row) => (
              <Space direction="vertical" size={0}>
                <SourceStateTag state={row.status.state} />
                {row.status.lastError && (
                  <Typography.Text type="danger" style={{ fontSize: 12 }}>
                    {row.status.lastError}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          { title: '今日事件数', key: 'eventsToday', align: 'right', render: (_, row) => row.status.eventsToday },
          {
            title: '最后事件时间',
            key: 'lastEventAt',
            render: (_, row) => (row.status.lastEventAt ? formatDateTime(row.status.lastEventAt) : '无'),
          },
          {
            title: '操作',
            valueType: 'option',
            render: (_, row) => (
              <Space>
                <RowAction loading={testing === row.id} onClick={() => runTest(row)}>
                  测试连接
                </RowAction>
                {canEdit && <RowAction onClick={() => toggle(row)}>{row.enabled ? '停用' : '启用'}</RowAction>}
                {canEdit && <RowAction onClick={() => setEditing(row)}>编辑</RowAction>}
                {canDelete && (
                  <Popconfirm title={`确定删除数据源「${row.name}」？`} onConfirm={() => remove(row)}>
                    <RowAction danger>删除</RowAction>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <ModalForm<FormValues>
        title={editing === 'new' ? '新建数据源' : '编辑数据源'}
        open={editing !== undefined}
        onOpenChange={(open) => !open && setEditing(undefined)}
        initialValues={
          editing === 'new' || !editing
            ? { kind: 'folder', enabled: true }
            : { ...editing, folder: editing.folder?.folder ?? '' }
        }
        modalProps={{ destroyOnClose: true }}
        onFinish={save}
      >
        <ProFormText
          name="name"
          label="名称"
          rules={[
            { required: true, whitespace: true, message: '请输入名称' },
            { max: 50, message: '名称不能超过 50 个字符' },
          ]}
        />
        <ProFormRadio.Group
          name="kind"
          label="类型"
          options={[
            { label: KIND_LABELS.folder, value: 'folder' },
            { label: `${KIND_LABELS.opcua}（后续版本提供）`, value: 'opcua', disabled: true },
          ]}
        />
        <ProFormText
          name="folder"
          label="子文件夹"
          placeholder="如 dcs-export"
          extra="服务器投放根目录（DROP_DIR）下的文件夹；放入其中的 CSV / xlsx 日志写完后自动导入"
          rules={[
            { max: 200, message: '子文件夹不能超过 200 个字符' },
            {
              validator: (_: unknown, value: string | undefined) => {
                const problem = folderProblem(value);
                return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
              },
            },
          ]}
        />
        <ProFormText
          name="unit"
          label="默认装置"
          extra="日志行未写装置时使用"
          rules={[{ max: 100, message: '装置名称不能超过 100 个字符' }]}
        />
        <ProFormText
          name="console"
          label="默认操作台"
          extra="日志行未写操作台时使用"
          rules={[{ max: 100, message: '操作台名称不能超过 100 个字符' }]}
        />
        <ProFormSwitch name="enabled" label="启用" />
      </ModalForm>
      <Modal
        title={tested ? `测试连接：${tested.source.name}` : '测试连接'}
        open={tested !== undefined}
        onCancel={() => setTested(undefined)}
        footer={<Button onClick={() => setTested(undefined)}>关闭</Button>}
      >
        {tested && (
          <>
            <Alert
              type={tested.result.ok ? 'success' : 'error'}
              showIcon
              message={tested.result.ok ? '连接成功' : '连接失败'}
              description={tested.result.message}
              style={{ marginBottom: 16 }}
            />
            {tested.result.ok && (
              <Table
                aria-label="等待导入的日志文件"
                size="small"
                rowKey="name"
                pagination={false}
                dataSource={tested.result.files}
                locale={{ emptyText: '没有等待导入的日志文件' }}
                columns={[
                  { title: '文件', dataIndex: 'name' },
                  { title: '大小（字节）', dataIndex: 'size', align: 'right' },
                  { title: '修改时间', dataIndex: 'modifiedAt', render: (value: string) => formatDateTime(value) },
                ]}
              />
            )}
          </>
        )}
      </Modal>
    </PageContainer>
  );
}
