/** Display colours of dictionaries: a swatch for tables and antd's ColorPicker as a form field (docs/original-console.md §9). */
import { ProForm } from '@ant-design/pro-components';
import { ColorPicker, Space, Typography } from 'antd';
import type { Color } from 'antd/es/color-picker';

/** The colour picker's default (docs/original-console.md §9); its hue slider runs 0–359 and alpha 0–100. */
export const DEFAULT_COLOR = '#1677ff';

export function ColorSwatch({ color }: { color: string }) {
  return (
    <Space size={6}>
      <span
        aria-hidden
        style={{
          display: 'inline-block',
          width: 14,
          height: 14,
          borderRadius: 3,
          background: color,
          verticalAlign: -2,
        }}
      />
      <Typography.Text code>{color}</Typography.Text>
    </Space>
  );
}

/** A form field holding `#rrggbb` (or `#rrggbbaa` with transparency), as the API stores it. */
export function ColorFormItem({ name, label = '显示颜色' }: { name: string; label?: string }) {
  return (
    <ProForm.Item
      name={name}
      label={label}
      rules={[{ required: true, message: '请选择显示颜色' }]}
      getValueFromEvent={(color: Color) => color.toHexString()}
    >
      <ColorPicker showText format="hex" aria-label={label} />
    </ProForm.Item>
  );
}
