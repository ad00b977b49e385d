/**
 * Edit of an alarm point's settings in a drawer form, validated in Chinese. The version the form was loaded
 * with goes back to the server, which refuses a stale one (409); a failed save keeps the form and its input.
 */
import {
  DrawerForm,
  ProFormDependency,
  ProFormDigit,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { POINT_FIELD_LABELS as LABELS, NUMERIC_POINT_FIELDS } from '@common/alarmLibrary';
import type { AlarmPoint, LibraryOptions, PointUpdate } from '@contract/library';
import { Form, message } from 'antd';
import type { Rule } from 'antd/es/form';
import { updatePoint } from '@/services/library';

type FormValues = Omit<PointUpdate, 'version'>;

/** Empty number inputs are `undefined` in the form and "none" (null) for the API. */
export function toUpdate(point: Pick<AlarmPoint, 'version'>, values: FormValues): PointUpdate {
  const update = { ...values, version: point.version } as PointUpdate;
  for (const field of NUMERIC_POINT_FIELDS) update[field] = values[field] ?? null;
  return {
    ...update,
    unitId: values.unitId ?? null,
    equipmentId: values.equipmentId ?? null,
    consoleId: values.consoleId ?? null,
    systemType: values.systemType ?? '',
  };
}

const maxLength = (max: number): Rule => ({ max, message: `不能超过 ${max} 个字符` });

/** Delays and response time: whole numbers from 0, with the server's message. */
function WholeNumberField({
  name,
  max,
}: {
  name: 'onDelaySeconds' | 'offDelaySeconds' | 'maxResponseMinutes';
  max: number;
}) {
  const label = LABELS[name];
  return (
    <ProFormDigit
      name={name}
      label={label}
      min={Number.MIN_SAFE_INTEGER}
      fieldProps={{ precision: 0 }}
      rules={[{ type: 'number', min: 0, max, message: `${label}必须是 0 到 ${max} 之间的整数` }]}
    />
  );
}

export interface PointFormProps {
  point?: AlarmPoint;
  options?: LibraryOptions;
  onClose: () => void;
  onSaved: () => void;
}

export default function PointForm({ point, options, onClose, onSaved }: PointFormProps) {
  const [form] = Form.useForm<FormValues>();

  const save = async (values: FormValues) => {
    if (!point) return false;
    try {
      await updatePoint(point.id, toUpdate(point, values));
      message.success(`已保存报警点 ${point.tag} / ${point.condition}`);
      onSaved();
      return true;
    } catch {
      // The request client shows why (a stale version says to reload); the input stays.
      return false;
    }
  };

  const rangeRule: Rule = ({ getFieldValue }) => ({
    validator: async () => {
      const low = getFieldValue('rangeLow');
      const high = getFieldValue('rangeHigh');
      if (typeof low === 'number' && typeof high === 'number' && !(low < high)) {
        throw new Error('量程下限必须小于量程上限');
      }
    },
  });

  return (
    <DrawerForm<FormValues>
      title={point ? `编辑报警点 ${point.tag} / ${point.condition}` : '编辑报警点'}
      width={720}
      form={form}
      open={point !== undefined}
      onOpenChange={(open) => !open && onClose()}
      initialValues={point ?? undefined}
      drawerProps={{ destroyOnClose: true }}
      grid
      rowProps={{ gutter: 16 }}
      colProps={{ span: 12 }}
      onFinish={save}
    >
      <ProFormTextArea
        name="description"
        label={LABELS.description}
        colProps={{ span: 24 }}
        rules={[maxLength(2000)]}
      />
      <ProFormSelect
        name="unitId"
        label={LABELS.unit}
        allowClear
        options={options?.units.map((unit) => ({ label: unit.name, value: unit.id }))}
        fieldProps={{ onChange: () => form.setFieldValue('equipmentId', undefined) }}
      />
      <ProFormDependency name={['unitId']}>
        {({ unitId }) => (
          <ProFormSelect
            name="equipmentId"
            label={LABELS.equipment}
            allowClear
            colProps={{ span: 12 }}
            tooltip="设备按装置区分：请先选择装置"
            options={options?.equipment
              .filter((equipment) => equipment.unitId === unitId)
              .map((equipment) => ({ label: equipment.name, value: equipment.id }))}
          />
        )}
      </ProFormDependency>
      <ProFormSelect
        name="consoleId"
        label={LABELS.console}
        allowClear
        options={options?.consoles.map((item) => ({ label: item.name, value: item.id }))}
      />
      <ProFormSelect
        name="systemType"
        label={LABELS.systemType}
        allowClear
        options={options?.systemTypes.map((type) => ({ label: `${type.code} ${type.name}`, value: type.code }))}
      />
      <ProFormSelect
        name="priority"
        label={LABELS.priority}
        rules={[{ required: true, message: '请选择优先级' }]}
        options={options?.priorities.map((priority) => ({ label: priority.name, value: priority.code }))}
      />
      <ProFormText
        name="alarmClass"
        label={LABELS.alarmClass}
        placeholder="安全 / 环保 / 一般…"
        rules={[maxLength(200)]}
      />
      <ProFormDigit name="limitValue" label={LABELS.limitValue} min={Number.MIN_SAFE_INTEGER} />
      <ProFormText name="engineeringUnit" label={LABELS.engineeringUnit} rules={[maxLength(50)]} />
      <ProFormDigit name="rangeLow" label={LABELS.rangeLow} min={Number.MIN_SAFE_INTEGER} rules={[rangeRule]} />
      <ProFormDigit
        name="rangeHigh"
        label={LABELS.rangeHigh}
        min={Number.MIN_SAFE_INTEGER}
        dependencies={['rangeLow']}
        rules={[rangeRule]}
      />
      <ProFormDigit
        name="deadband"
        label={LABELS.deadband}
        min={Number.MIN_SAFE_INTEGER}
        rules={[{ type: 'number', min: 0, message: '死区必须 ≥ 0' }]}
      />
      <WholeNumberField name="maxResponseMinutes" max={10_080} />
      <WholeNumberField name="onDelaySeconds" max={86_400} />
      <WholeNumberField name="offDelaySeconds" max={86_400} />
      <ProFormTextArea name="cause" label={LABELS.cause} colProps={{ span: 24 }} rules={[maxLength(2000)]} />
      <ProFormTextArea
        name="consequence"
        label={LABELS.consequence}
        colProps={{ span: 24 }}
        rules={[maxLength(2000)]}
      />
      <ProFormTextArea
        name="operatorResponse"
        label={LABELS.operatorResponse}
        colProps={{ span: 24 }}
        rules={[maxLength(2000)]}
      />
      <ProFormSwitch name="enabled" label={LABELS.enabled} />
    </DrawerForm>
  );
}
