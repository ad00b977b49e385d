import { ProFormDigit } from '@ant-design/pro-components';

/** The 排序 field of dictionary forms: a whole number from 0 to `max`, lower first. */
export default function SortOrderField({ max }: { max: number }) {
  return (
    <ProFormDigit
      name="sortOrder"
      label="排序"
      min={0}
      max={max}
      fieldProps={{ precision: 0 }}
      rules={[{ required: true, message: '请输入排序' }]}
    />
  );
}
