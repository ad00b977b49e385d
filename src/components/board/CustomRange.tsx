import { DatePicker } from 'antd';
import { fromPlantPicker, toPlantPicker } from '@/utils/plantTime';

export interface CustomRangeProps {
  from?: string;
  to?: string;
  onChange: (range: { from: string; to: string }) => void;
  label?: string;
}

/** A time range picked on the plant's clock: a board's custom range (fetched only when 自定义 is chosen), a comparison's side. */
export default function CustomRange({ from, to, onChange, label = '自定义时间范围' }: CustomRangeProps) {
  return (
    <DatePicker.RangePicker
      aria-label={label}
      showTime={{ format: 'HH:mm' }}
      format="YYYY-MM-DD HH:mm"
      allowClear={false}
      value={[toPlantPicker(from), toPlantPicker(to)]}
      onChange={(range) => {
        if (range?.[0] && range[1])
          onChange({ from: fromPlantPicker(range[0]).toISOString(), to: fromPlantPicker(range[1]).toISOString() });
      }}
    />
  );
}
