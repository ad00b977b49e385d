/** 异常报警配置 (/alarm/base/config): KPI thresholds and detection rules of docs/domain.md, with defaults. */
import { PageContainer, ProCard, ProForm, ProFormSwitch } from '@ant-design/pro-components';
import { permissionString } from '@common/routes';
import type { AbnormalSettings, KpiSettings } from '@contract/kpiSettings';
import { ABNORMAL_KINDS, type AbnormalKind } from '@contract/vocabulary';
import { useAccess } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Button, Form, message, Skeleton, Space } from 'antd';
import LoadFailed from '@/components/LoadFailed';
import SettingDigit from '@/components/SettingDigit';
import { fetchSettings, runDetection, saveSettings } from '@/services/kpiSettings';

const PATH = '/alarm/base/config';

/** Label, unit and allowed range of every setting (the server checks the same ranges). */
const KPI_FIELDS: { name: keyof KpiSettings; label: string; unit: string; min: number; max: number }[] = [
  { name: 'overloadThreshold', label: '过载阈值（每 10 分钟报警数 >）', unit: '次', min: 1, max: 10000 },
  { name: 'floodStart', label: '报警泛滥开始阈值（每 10 分钟 >）', unit: '次', min: 1, max: 10000 },
  { name: 'floodEnd', label: '报警泛滥结束阈值（每 10 分钟 <）', unit: '次', min: 1, max: 10000 },
  { name: 'chatterCount', label: '颤振判定报警次数', unit: '次', min: 2, max: 20 },
  { name: 'chatterSeconds', label: '颤振判定时间窗', unit: '秒', min: 1, max: 3600 },
  { name: 'fleetingSeconds', label: '瞬时报警时长上限', unit: '秒', min: 1, max: 60 },
  { name: 'staleHours', label: '长时报警持续时长', unit: '小时', min: 1, max: 720 },
  { name: 'frequentPerDay', label: '频繁报警阈值（每天 >）', unit: '次', min: 1, max: 100000 },
];

const RULE_LABELS: Record<AbnormalKind, string> = {
  chattering: '颤振报警',
  fleeting: '瞬时报警',
  standing: '长时报警',
  frequent: '频繁报警',
  floodContributor: '泛滥贡献报警',
};

export default function AbnormalConfigPage() {
  const { can } = useAccess();
  const editable = can(permissionString(PATH, 'edit'));
  const [form] = Form.useForm<AbnormalSettings>();
  const { data, loading, error, refresh } = useRequest(fetchSettings);
  const detection = useRequest(runDetection, {
    manual: true,
    onSuccess: ({ findings, open }) => message.success(`检测完成：发现 ${findings} 项，未处置异常报警 ${open} 条`),
  });

  if (error) {
    return (
      <PageContainer>
        <LoadFailed title="加载配置失败" error={error} retry={refresh} />
      </PageContainer>
    );
  }

  return (
    <PageContainer>
      {loading || !data ? (
        <Skeleton active />
      ) : (
        <ProForm<AbnormalSettings>
          form={form}
          layout="vertical"
          grid
          readonly={!editable}
          initialValues={data.settings}
          submitter={
            editable
              ? {
                  searchConfig: { submitText: '保存' },
                  render: (_, dom) => (
                    <Space>
                      {dom[1]}
                      <Button onClick={() => form.setFieldsValue(data.defaults)}>恢复默认值</Button>
                      <Button loading={detection.loading} onClick={() => detection.run()}>
                        立即检测
                      </Button>
                    </Space>
                  ),
                }
              : false
          }
          onFinish={async (values) => {
            await saveSettings(values);
            message.success('配置已保存，之后的指标查询和异常检测将使用新配置');
            refresh();
            return true;
          }}
        >
          <ProCard title="报警指标设置" bordered style={{ marginBottom: 16 }}>
            <ProForm.Group>
              {KPI_FIELDS.map((field) => (
                <SettingDigit
                  key={field.name}
                  name={['kpi', field.name]}
                  label={field.label}
                  md={8}
                  min={field.min}
                  max={field.max}
                  unit={field.unit}
                  defaultValue={data.defaults.kpi[field.name]}
                  missing={`请输入${field.label}`}
                  dependencies={field.name === 'floodEnd' ? [['kpi', 'floodStart']] : undefined}
                  rules={
                    field.name === 'floodEnd'
                      ? [
                          ({ getFieldValue }: { getFieldValue: (name: (string | number)[]) => unknown }) => ({
                            validator: (_: unknown, value: number) =>
                              value === undefined || value <= Number(getFieldValue(['kpi', 'floodStart']))
                                ? Promise.resolve()
                                : Promise.reject(new Error('结束阈值不能大于开始阈值')),
                          }),
                        ]
                      : undefined
                  }
                />
              ))}
            </ProForm.Group>
          </ProCard>
          <ProCard title="异常报警检测规则" bordered style={{ marginBottom: 16 }}>
            <ProForm.Group>
              {ABNORMAL_KINDS.map((kind) => (
                <ProFormSwitch key={kind} name={['rules', kind]} label={RULE_LABELS[kind]} colProps={{ md: 4 }} />
              ))}
              <SettingDigit
                name="floodContributorTop"
                label="泛滥贡献报警：每次泛滥取前几名"
                md={8}
                min={1}
                max={50}
                unit="名"
                defaultValue={data.defaults.floodContributorTop}
                missing="请输入名次"
              />
            </ProForm.Group>
          </ProCard>
        </ProForm>
      )}
    </PageContainer>
  );
}
