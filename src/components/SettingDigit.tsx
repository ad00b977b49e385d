import { ProFormDigit, type ProFormDigitProps } from '@ant-design/pro-components';

type Props = Omit<ProFormDigitProps, 'min' | 'max' | 'fieldProps' | 'colProps' | 'extra'> & {
  min: number;
  max: number;
  /** Decimals kept; whole numbers unless given. */
  precision?: number;
  unit: string;
  /** The shipped default, shown under the box with the range. */
  defaultValue: number;
  /** Columns of 24 the box takes on a wide screen. */
  md: number;
  /** The message when the box is left empty. */
  missing: string;
};

/** A number setting: its unit after the box, its default and range under it, required, bounded to the range. */
export default function SettingDigit({
  min,
  max,
  precision = 0,
  unit,
  defaultValue,
  md,
  missing,
  rules,
  ...props
}: Props) {
  return (
    <ProFormDigit
      {...props}
      colProps={{ md }}
      min={min}
      max={max}
      fieldProps={{ precision, addonAfter: unit }}
      extra={`默认 ${defaultValue}，范围 ${min}–${max}`}
      rules={[{ required: true, message: missing }, ...(rules ?? [])]}
    />
  );
}
