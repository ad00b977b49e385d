import {
  ProCard,
  ProForm,
  ProFormDateTimeRangePicker,
  ProFormDigit,
  ProFormSelect,
  ProFormText,
} from '@ant-design/pro-components';
import type { Scenario } from '@contract/vocabulary';
import { Alert, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { newJobId, simulate } from '@/services/journal';
import { fromPlantPicker, toPlantPicker } from '@/utils/plantTime';
import { SCENARIO_OPTIONS } from '../scenarios';
import { useJobProgress } from './useJobProgress';

interface FormValues {
  scenario: Scenario;
  unit: string;
  console: string;
  range: [string, string];
  ratePerHour: number;
  seed: number;
}

/** The simulator: scenario, unit, console, range, rate, seed; the stored rows count up while it runs. */
export default function SimulateCard({ onSimulated, disabled }: { onSimulated: () => void; disabled: boolean }) {
  const [job, setJob] = useState<string>();
  const [done, setDone] = useState<number>();
  const progress = useJobProgress(job);

  const submit = async (values: FormValues) => {
    const id = newJobId();
    setJob(id);
    setDone(undefined);
    try {
      const result = await simulate(
        {
          scenario: values.scenario,
          unit: values.unit,
          console: values.console,
          from: fromPlantPicker(dayjs(values.range[0])).toISOString(),
          to: fromPlantPicker(dayjs(values.range[1])).toISOString(),
          ratePerHour: values.ratePerHour,
          seed: values.seed,
        },
        id,
      );
      setDone(result.imported);
      onSimulated();
      return true;
    } catch {
      return false;
    } finally {
      setJob(undefined);
    }
  };

  return (
    <ProCard title="生成模拟数据" bordered>
      <ProForm<FormValues>
        layout="vertical"
        grid
        disabled={disabled}
        initialValues={{
          scenario: 'mixed',
          unit: '模拟装置',
          console: '模拟操作台',
          // The last whole day, on the plant's clock.
          range: [
            toPlantPicker(Date.now() - 86_400_000)
              .startOf('hour')
              .format(),
            toPlantPicker(Date.now()).startOf('hour').format(),
          ],
          ratePerHour: 20,
          seed: 1,
        }}
        submitter={{
          searchConfig: { submitText: '生成' },
          resetButtonProps: false,
          submitButtonProps: { loading: Boolean(job) },
        }}
        onFinish={submit}
      >
        <ProFormSelect
          name="scenario"
          label="场景"
          colProps={{ md: 8 }}
          options={[...SCENARIO_OPTIONS]}
          rules={[{ required: true, message: '请选择场景' }]}
        />
        <ProFormText
          name="unit"
          label="装置"
          colProps={{ md: 8 }}
          rules={[{ required: true, message: '请输入装置名称' }]}
        />
        <ProFormText
          name="console"
          label="操作台"
          colProps={{ md: 8 }}
          rules={[{ required: true, message: '请输入操作台名称' }]}
        />
        <ProFormDateTimeRangePicker
          name="range"
          label="时间范围"
          colProps={{ md: 12 }}
          rules={[{ required: true, message: '请选择时间范围' }]}
        />
        <ProFormDigit
          name="ratePerHour"
          label="报警频率（次/小时）"
          colProps={{ md: 6 }}
          min={0.1}
          max={10000}
          fieldProps={{ precision: 1 }}
          rules={[{ required: true, message: '请输入报警频率' }]}
        />
        <ProFormDigit
          name="seed"
          label="随机种子"
          colProps={{ md: 6 }}
          min={0}
          max={2147483647}
          fieldProps={{ precision: 0 }}
          rules={[{ required: true, message: '请输入随机种子' }]}
        />
      </ProForm>
      {job ? (
        <Typography.Text>正在生成：已写入 {(progress?.rowsRead ?? 0).toLocaleString('zh-CN')} 条</Typography.Text>
      ) : null}
      {done !== undefined ? (
        <Alert type="success" showIcon message={`已生成 ${done.toLocaleString('zh-CN')} 条模拟事件`} />
      ) : null}
    </ProCard>
  );
}
