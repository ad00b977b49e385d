/** 优化目标设置 (/alarm/op/config): KPI targets for the plant and per unit / console; the boards judge by them. */
import { PageContainer, ProCard, ProForm, ProFormDigit, ProFormList, ProFormSelect } from '@ant-design/pro-components';
import { KPI_DEFINITIONS } from '@common/kpiTargets';
import { permissionString } from '@common/routes';
import { TARGET_KPIS } from '@contract/vocabulary';
import { useAccess } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Button, Form, message, Skeleton, Space } from 'antd';
import { scopeSelectOptions } from '@/components/board/BoardToolbar';
import LoadFailed from '@/components/LoadFailed';
import SettingDigit from '@/components/SettingDigit';
import { fetchTargets, saveTargets } from '@/services/boards';
import { fromForm, type TargetsForm, toForm } from './form';

// The seed declares only `view` on this page: saving takes the KPI settings' edit right (server/routes/boards/targets.ts).
const EDIT = permissionString('/alarm/base/config', 'edit');
const TARGET_MAX = 1_000_000;

export default function TargetsPage() {
  const { can } = useAccess();
  const editable = can(EDIT);
  const [form] = Form.useForm<TargetsForm>();
  const { data, loading, error, refresh } = useRequest(fetchTargets);

  if (error) {
    return (
      <PageContainer>
        <LoadFailed title="加载目标失败" error={error} retry={refresh} />
      </PageContainer>
    );
  }
  if (loading || !data) {
    return (
      <PageContainer>
        <Skeleton active />
      </PageContainer>
    );
  }

  const scopeOptions = scopeSelectOptions(data.options).slice(1);
  return (
    <PageContainer>
      <ProForm<TargetsForm>
        form={form}
        layout="vertical"
        grid
        readonly={!editable}
        initialValues={toForm(data.settings)}
        submitter={
          editable
            ? {
                searchConfig: { submitText: '保存' },
                render: (_, dom) => (
                  <Space>
                    {dom[1]}
                    <Button onClick={() => form.setFieldsValue(toForm(data.defaults))}>恢复默认值</Button>
                  </Space>
                ),
              }
            : false
        }
        onFinish={async (values) => {
          await saveTargets(fromForm(values));
          message.success('目标已保存，看板将按新目标判定');
          refresh();
          return true;
        }}
      >
        <ProCard title="全厂默认目标" bordered style={{ marginBottom: 16 }}>
          <ProForm.Group>
            {TARGET_KPIS.map((kpi) => (
              <ProFormDigit
                key={kpi}
                name={['plant', kpi]}
                label={`${KPI_DEFINITIONS[kpi].label}（≤）`}
                colProps={{ md: 6 }}
                min={0}
                max={TARGET_MAX}
                fieldProps={{ precision: KPI_DEFINITIONS[kpi].decimals, addonAfter: KPI_DEFINITIONS[kpi].unit }}
                extra={`默认 ${data.defaults.plant[kpi]}`}
                rules={[{ required: true, message: `请输入${KPI_DEFINITIONS[kpi].label}目标` }]}
              />
            ))}
          </ProForm.Group>
        </ProCard>
        <ProCard title="判定与数据中断" bordered style={{ marginBottom: 16 }}>
          <ProForm.Group>
            <SettingDigit
              name="warnFactor"
              label="预警倍数（超过目标但不超过目标 × 倍数为预警）"
              md={12}
              min={1}
              max={10}
              precision={2}
              unit="倍"
              defaultValue={data.defaults.warnFactor}
              missing="请输入预警倍数"
            />
            <SettingDigit
              name="silenceMinutes"
              label="数据中断告警（操作台无事件超过）"
              md={12}
              min={1}
              max={10080}
              unit="分钟"
              defaultValue={data.defaults.silenceMinutes}
              missing="请输入数据中断时长"
            />
          </ProForm.Group>
        </ProCard>
        <ProCard title="装置 / 操作台目标（留空则沿用上级目标；操作台优先于装置）" bordered>
          <ProFormList
            name="overrides"
            creatorButtonProps={editable ? { creatorButtonText: '添加装置或操作台目标' } : false}
            deleteIconProps={editable ? { tooltipText: '删除' } : false}
            copyIconProps={false}
            itemRender={({ listDom, action }) => (
              <ProCard bordered size="small" style={{ marginBottom: 8 }} extra={action}>
                {listDom}
              </ProCard>
            )}
          >
            <ProForm.Group>
              <ProFormSelect
                name="scope"
                label="范围"
                colProps={{ md: 6 }}
                options={scopeOptions}
                fieldProps={{ showSearch: true }}
                rules={[
                  { required: true, message: '请选择装置或操作台' },
                  {
                    validator: (_, value: string) =>
                      (form.getFieldValue('overrides') as TargetsForm['overrides']).filter(
                        (row) => row?.scope === value,
                      ).length > 1
                        ? Promise.reject(new Error('该范围已设置过目标'))
                        : Promise.resolve(),
                  },
                ]}
              />
              {TARGET_KPIS.map((kpi) => (
                <ProFormDigit
                  key={kpi}
                  name={kpi}
                  label={KPI_DEFINITIONS[kpi].label}
                  colProps={{ md: 6 }}
                  min={0}
                  max={TARGET_MAX}
                  placeholder="沿用上级"
                  fieldProps={{ precision: KPI_DEFINITIONS[kpi].decimals, addonAfter: KPI_DEFINITIONS[kpi].unit }}
                />
              ))}
            </ProForm.Group>
          </ProFormList>
        </ProCard>
      </ProForm>
    </PageContainer>
  );
}
