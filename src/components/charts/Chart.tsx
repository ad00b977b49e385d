import { useEffect, useRef } from 'react';
import { type ChartOption, echarts } from './echarts';

export interface ChartProps {
  option: ChartOption;
  /** What the chart shows, for screen readers and tests. */
  label: string;
  height?: number;
}

const withDefaults = (option: ChartOption): ChartOption => ({ animation: false, ...option });

/** Renders one ECharts option; follows its container's size and is disposed with the component. */
export default function Chart({ option, label, height = 320 }: ChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts>();
  const latest = useRef(option);
  latest.current = option;

  useEffect(() => {
    const element = container.current as HTMLDivElement;
    // A container not laid out yet (jsdom, a hidden tab) gets a provisional size until the next resize.
    const size = element.clientWidth ? {} : { width: 800, height };
    const instance = echarts.init(element, undefined, { renderer: 'svg', ...size });
    instance.setOption(withDefaults(latest.current));
    chart.current = instance;
    // jsdom has no ResizeObserver; browsers do.
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => instance.resize());
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      instance.dispose();
      chart.current = undefined;
    };
  }, [height]);

  useEffect(() => {
    chart.current?.setOption(withDefaults(option), true);
  }, [option]);

  return <div ref={container} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
