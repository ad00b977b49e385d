/**
 * The input of one alarm-point setting: a priority select, an enabled select, or a number (limit and
 * deadband any / ≥ 0, delays whole seconds). An empty input answers null.
 */

import { MAX_DELAY_SECONDS } from '@common/mocValidation';
import type { SettingValue } from '@contract/moc';
import type { ChangeField } from '@contract/vocabulary';
import { InputNumber, Select } from 'antd';
import { priorityOptions } from './format';
import { usePriorityNames } from './priorities';

export interface SettingInputProps {
  field: ChangeField;
  value: SettingValue;
  onChange: (value: SettingValue) => void;
  label: string;
  /** Priority and enabled may be left empty (an override that keeps the base setting). */
  allowEmpty?: boolean;
  placeholder?: string;
  /** What `enabled: false` is called here: 停用 for a point, 抑制 under a condition. */
  disabledLabel?: string;
}

const NUMBER_LIMITS: Partial<Record<ChangeField, { min?: number; max?: number; precision?: number }>> = {
  deadband: { min: 0 },
  onDelaySeconds: { min: 0, max: MAX_DELAY_SECONDS, precision: 0 },
  offDelaySeconds: { min: 0, max: MAX_DELAY_SECONDS, precision: 0 },
};

export default function SettingInput({
  field,
  value,
  onChange,
  label,
  allowEmpty,
  placeholder,
  disabledLabel = '停用',
}: SettingInputProps) {
  const priorities = usePriorityNames();
  if (field === 'priority' || field === 'enabled') {
    const options =
      field === 'priority'
        ? priorityOptions(priorities)
        : [
            { value: 'true', label: '启用' },
            { value: 'false', label: disabledLabel },
          ];
    // Select values are strings; enabled travels as a boolean.
    const shown = value === null ? undefined : String(value);
    return (
      <Select<string>
        aria-label={label}
        style={{ width: '100%', minWidth: 90 }}
        value={shown}
        allowClear={allowEmpty}
        placeholder={placeholder}
        options={options}
        onChange={(next) => {
          if (next === undefined || next === null) onChange(null);
          else onChange(field === 'enabled' ? next === 'true' : next);
        }}
      />
    );
  }
  return (
    <InputNumber<number>
      aria-label={label}
      style={{ width: '100%', minWidth: 100 }}
      value={typeof value === 'number' ? value : null}
      placeholder={placeholder}
      {...NUMBER_LIMITS[field]}
      onChange={(next) => onChange(typeof next === 'number' ? next : null)}
    />
  );
}
