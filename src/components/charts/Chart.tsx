import type { ECharts } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';
import { nearViewport } from '@/components/NearViewport';
import type { ChartOption } from './echarts';

export interface ChartProps {
  option: ChartOption;
  /** What the chart shows, for screen readers and tests. */
  label: string;
  height?: number;
}

const withDefaults = (option: ChartOption): ChartOption => ({ animation: false, ...option });

/**
 * Renders one ECharts option; follows its container's size and is disposed with the component. ECharts
 * and the parts the option uses are fetched when the chart first comes near the viewport.
 */
export default function Chart({ option, label, height = 320 }: ChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<ECharts>();
  const latest = useRef(option);
  latest.current = option;

  useEffect(() => {
    const element = container.current as HTMLDivElement;
    const visible = nearViewport(element);
    let instance: ECharts | undefined;
    let observer: ResizeObserver | undefined;
    let disposed = false;
    visible.ready
      .then(() => import('./echarts'))
      .then(async (echarts) => {
        await echarts.prepare(latest.current);
        if (disposed) return;
        // A container not laid out yet (jsdom, a hidden tab) gets a provisional size until the next resize.
        const size = element.clientWidth ? {} : { width: 800, height };
        instance = echarts.init(element, undefined, { renderer: 'svg', ...size });
        // jsdom has no ResizeObserver; browsers do.
        observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => instance?.resize());
        observer?.observe(element);
        setChart(instance);
      });
    return () => {
      disposed = true;
      visible.cancel();
      observer?.disconnect();
      instance?.dispose();
      setChart(undefined);
    };
  }, [height]);

  useEffect(() => {
    if (!chart) return;
    let current = true;
    import('./echarts')
      .then((echarts) => echarts.prepare(option))
      .then(() => {
        if (current && !chart.isDisposed()) chart.setOption(withDefaults(option), true);
      });
    return () => {
      current = false;
    };
  }, [chart, option]);

  return <div ref={container} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
