/**
 * 数据采集 (/alarm/base/source): the sources the console collects alarm events from by itself — journal drop
 * folders under the server's drop root and OPC UA Alarms & Conditions servers (docs/api.md, "Data collection") —
 * with their state, today's events, the last event, 测试连接 and enable/disable; create, edit and delete for
 * holders of those rights. An OPC UA password is write-only: the page shows only whether one is stored.
 */
import {
  ModalForm,
  PageContainer,
  ProFormDependency,
  ProFormDigit,
  ProFormRadio,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  ProTable,
} from '@ant-design/pro-components';
import { DEFAULT_SEVERITY_BANDS, endpointUrlProblem, valueFieldProblem } from '@common/opcua';
import { permissionString } from '@common/routes';
import type { OpcuaSettingsBody, Source, SourceBody, SourceTest } from '@contract/sources';
import {
  OPCUA_CONDITION_FIELDS,
  OPCUA_SECURITY_MODES,
  OPCUA_SECURITY_POLICIES,
  OPCUA_TAG_FIELDS,
  type OpcuaConditionField,
  type OpcuaSecurityMode,
  type OpcuaSecurityPolicy,
  type OpcuaTagField,
  type SourceKind,
} from '@contract/vocabulary';
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

const MODE_LABELS: Record<OpcuaSecurityMode, string> = {
  None: '无（None）',
  Sign: '签名（Sign）',
  SignAndEncrypt: '签名并加密（SignAndEncrypt）',
};
const TAG_FIELD_LABELS: Record<OpcuaTagField, string> = {
  SourceName: '事件源名称（SourceName）',
  ConditionName: '条件名称（ConditionName）',
};
const CONDITION_FIELD_LABELS: Record<OpcuaConditionField, string> = {
  ConditionName: '条件名称（ConditionName）',
  EventType: '报警类型（EventType）',
};

interface FormValues {
  name: string;
  kind: SourceKind;
  folder?: string;
  unit?: string;
  console?: string;
  enabled: boolean;
  endpointUrl?: string;
  securityMode?: OpcuaSecurityMode;
  securityPolicy?: OpcuaSecurityPolicy;
  userName?: string;
  /** Empty: the stored password is kept. */
  password?: string;
  tagField?: OpcuaTagField;
  conditionField?: OpcuaConditionField;
  valueField?: string;
  bandLow?: number;
  bandMedium?: number;
  bandHigh?: number;
}

function opcuaBody(values: FormValues): OpcuaSettingsBody {
  return {
    endpointUrl: values.endpointUrl ?? '',
    securityMode: values.securityMode ?? 'None',
    securityPolicy: values.securityPolicy ?? 'None',
    userName: values.userName ?? '',
    ...(values.password ? { password: values.password } : {}),
    mapping: {
      tagField: values.tagField ?? 'SourceName',
      conditionField: values.conditionField ?? 'ConditionName',
      valueField: values.valueField ?? '',
      severityBands: {
        low: values.bandLow ?? DEFAULT_SEVERITY_BANDS.low,
        medium: values.bandMedium ?? DEFAULT_SEVERITY_BANDS.medium,
        high: values.bandHigh ?? DEFAULT_SEVERITY_BANDS.high,
      },
    },
  };
}

const bodyOf = (values: FormValues): SourceBody => ({
  name: values.name,
  kind: values.kind,
  enabled: values.enabled,
  unit: values.unit ?? '',
  console: values.console ?? '',
  ...(values.kind === 'folder' ? { folder: { folder: values.folder ?? '' } } : { opcua: opcuaBody(values) }),
});

/** The form's values of a stored source; a new one starts from the defaults. */
function formValues(source: Source | 'new' | undefined): Partial<FormValues> {
  const defaults = {
    securityMode: 'None' as const,
    securityPolicy: 'None' as const,
    tagField: 'SourceName' as const,
    conditionField: 'ConditionName' as const,
    bandLow: DEFAULT_SEVERITY_BANDS.low,
    bandMedium: DEFAULT_SEVERITY_BANDS.medium,
    bandHigh: DEFAULT_SEVERITY_BANDS.high,
  };
  if (source === 'new' || !source) return { kind: 'folder', enabled: true, ...defaults };
  const { opcua } = source;
  return {
    ...defaults,
    name: source.name,
    kind: source.kind,
    enabled: source.enabled,
    unit: source.unit,
    console: source.console,
    folder: source.folder?.folder ?? '',
    ...(opcua && {
      endpointUrl: opcua.endpointUrl,
      securityMode: opcua.securityMode,
      securityPolicy: opcua.securityPolicy,
      userName: opcua.userName,
      tagField: opcua.mapping.tagField,
      conditionField: opcua.mapping.conditionField,
      valueField: opcua.mapping.valueField,
      bandLow: opcua.mapping.severityBands.low,
      bandMedium: opcua.mapping.severityBands.medium,
      bandHigh: opcua.mapping.severityBands.high,
    }),
  };
}

/** What a rule depending on other fields reads of the form. */
type FieldReader = { getFieldValue: (name: string) => unknown };

const check = (problem: (value: string) => string | null) => ({
  validator: (_: unknown, value: string | undefined) => {
    const found = value?.trim() ? problem(value.trim()) : null;
    return found ? Promise.reject(new Error(found)) : Promise.resolve();
  },
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
      // The password is not sent: the stored one is kept.
      await updateSource(row.id, {
        name: row.name,
        kind: row.kind,
        enabled: !row.enabled,
        unit: row.unit,
        console: row.console,
        folder: row.folder ?? undefined,
        opcua: row.opcua
          ? {
              endpointUrl: row.opcua.endpointUrl,
              securityMode: row.opcua.securityMode,
              securityPolicy: row.opcua.securityPolicy,
              userName: row.opcua.userName,
              mapping: row.opcua.mapping,
            }
          : undefined,
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
          {
            title: '子文件夹 / 端点地址',
            key: 'address',
            render: (_, row) => row.folder?.folder ?? row.opcua?.endpointUrl ?? '—',
          },
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
        initialValues={formValues(editing)}
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
            { label: KIND_LABELS.opcua, value: 'opcua' },
          ]}
        />
        <ProFormDependency name={['kind', 'userName']}>
          {({ kind, userName }: Record<string, string | undefined>) =>
            kind === 'opcua' ? (
              <>
                <ProFormText
                  name="endpointUrl"
                  label="端点地址"
                  placeholder="opc.tcp://主机:4840"
                  rules={[
                    { required: true, whitespace: true, message: '请输入 OPC UA 端点地址' },
                    { max: 500, message: '端点地址不能超过 500 个字符' },
                    check(endpointUrlProblem),
                  ]}
                />
                <ProFormSelect
                  name="securityMode"
                  label="安全模式"
                  allowClear={false}
                  options={OPCUA_SECURITY_MODES.map((mode) => ({ value: mode, label: MODE_LABELS[mode] }))}
                />
                <ProFormSelect
                  name="securityPolicy"
                  label="安全策略"
                  allowClear={false}
                  dependencies={['securityMode']}
                  options={OPCUA_SECURITY_POLICIES.map((policy) => ({ value: policy, label: policy }))}
                  rules={[
                    ({ getFieldValue }: FieldReader) => ({
                      validator: (_: unknown, policy: string | undefined) =>
                        (getFieldValue('securityMode') === 'None') === (policy === 'None')
                          ? Promise.resolve()
                          : Promise.reject(new Error('安全模式为 None 时安全策略须为 None，反之亦然')),
                    }),
                  ]}
                />
                <ProFormText
                  name="userName"
                  label="用户名"
                  extra="留空为匿名登录"
                  rules={[{ max: 100, message: '用户名不能超过 100 个字符' }]}
                />
                {userName?.trim() && (
                  <ProFormText.Password
                    name="password"
                    label="密码"
                    fieldProps={{ autoComplete: 'new-password' }}
                    placeholder={
                      editing !== 'new' && editing?.opcua?.hasPassword ? '已保存密码，留空则不修改' : '请输入密码'
                    }
                    extra="密码加密保存在服务器上，不会再显示"
                    rules={[
                      { max: 200, message: '密码不能超过 200 个字符' },
                      {
                        required: !(editing !== 'new' && editing?.opcua?.hasPassword && editing.opcua.userName),
                        message: '请输入密码',
                      },
                    ]}
                  />
                )}
                <ProFormSelect
                  name="tagField"
                  label="位号取自"
                  allowClear={false}
                  options={OPCUA_TAG_FIELDS.map((field) => ({ value: field, label: TAG_FIELD_LABELS[field] }))}
                />
                <ProFormSelect
                  name="conditionField"
                  label="报警条件取自"
                  allowClear={false}
                  options={OPCUA_CONDITION_FIELDS.map((field) => ({
                    value: field,
                    label: CONDITION_FIELD_LABELS[field],
                  }))}
                />
                <ProFormText
                  name="valueField"
                  label="数值字段"
                  placeholder="如 1:Value（可不填）"
                  extra="事件中携带过程值的字段浏览名"
                  rules={[{ max: 100, message: '数值字段不能超过 100 个字符' }, check(valueFieldProblem)]}
                />
                <ProFormDigit
                  name="bandLow"
                  label="严重度 ≤ 此值为低"
                  min={1}
                  max={999}
                  fieldProps={{ precision: 0 }}
                  rules={[{ required: true, message: '请输入低优先级的严重度上限' }]}
                />
                <ProFormDigit
                  name="bandMedium"
                  label="严重度 ≤ 此值为中"
                  min={1}
                  max={999}
                  fieldProps={{ precision: 0 }}
                  dependencies={['bandLow']}
                  rules={[
                    { required: true, message: '请输入中优先级的严重度上限' },
                    ({ getFieldValue }: FieldReader) => ({
                      validator: (_: unknown, value: number | undefined) =>
                        value === undefined || value > Number(getFieldValue('bandLow'))
                          ? Promise.resolve()
                          : Promise.reject(new Error('中的上限须大于低的上限')),
                    }),
                  ]}
                />
                <ProFormDigit
                  name="bandHigh"
                  label="严重度 ≤ 此值为高（更高为紧急）"
                  min={1}
                  max={999}
                  fieldProps={{ precision: 0 }}
                  dependencies={['bandMedium']}
                  rules={[
                    { required: true, message: '请输入高优先级的严重度上限' },
                    ({ getFieldValue }: FieldReader) => ({
                      validator: (_: unknown, value: number | undefined) =>
                        value === undefined || value > Number(getFieldValue('bandMedium'))
                          ? Promise.resolve()
                          : Promise.reject(new Error('高的上限须大于中的上限')),
                    }),
                  ]}
                />
              </>
            ) : (
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
            )
          }
        </ProFormDependency>
        <ProFormText
          name="unit"
          label="默认装置"
          extra="日志行或事件未写装置时使用"
          rules={[{ max: 100, message: '装置名称不能超过 100 个字符' }]}
        />
        <ProFormText
          name="console"
          label="默认操作台"
          extra="日志行或事件未写操作台时使用"
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
            {tested.result.ok && tested.source.kind === 'opcua' && (
              <Table
                aria-label="找到的报警条件"
                size="small"
                rowKey="nodeId"
                pagination={false}
                dataSource={tested.result.conditions}
                locale={{ emptyText: '未找到报警条件' }}
                columns={[
                  { title: '事件源', dataIndex: 'source' },
                  { title: '报警条件', dataIndex: 'condition' },
                  { title: '节点', dataIndex: 'nodeId' },
                ]}
              />
            )}
            {tested.result.ok && tested.source.kind === 'folder' && (
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
