import type { ECharts } from 'echarts/core';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import useSWR from 'swr';
import { nearViewport } from '@/components/NearViewport';
import type { ChartOption } from './echarts';

type Size = { width: number; height: number };

/**
 * The same chart drawn by the server as SVG: the SWR key of the picture at a size, and how to fetch it. A
 * picture preloaded at start-up under that key is taken at once (services/get).
 */
export interface ChartPicture<K extends readonly unknown[]> {
  key: (size: Size) => K;
  fetch: (key: K) => Promise<string>;
}

export interface ChartProps<K extends readonly unknown[] = readonly unknown[]> {
  /**
   * The option, or how to build it: a chart shown as its `picture` builds it only when it goes live, and
   * shows the picture while the option's data is on its way (undefined).
   */
  option?: ChartOption | (() => ChartOption);
  /** What the chart shows, for screen readers and tests. */
  label: string;
  height?: number;
  /**
   * The same chart drawn by the server, at the chart's size. A first-view chart shows it until the user
   * reaches for the chart (pointer or touch), so the first view waits for no chart code.
   */
  picture?: ChartPicture<K>;
}

/** The answer SWR keeps for a picture: asked once, never again on focus, reconnect or failure. */
const PICTURE_READ = { revalidateOnFocus: false, revalidateOnReconnect: false, shouldRetryOnError: false };

const built = (option: NonNullable<ChartProps['option']>): ChartOption =>
  typeof option === 'function' ? option() : option;
const withDefaults = (option: ChartOption): ChartOption => ({ animation: false, ...option });

/**
 * Renders one ECharts option; follows its container's size and is disposed with the component. ECharts
 * and the parts the option uses are fetched when the chart first comes near the viewport, or, for a chart
 * with a `picture`, when the user reaches for it.
 */
export default function Chart<K extends readonly unknown[]>({ option, label, height = 320, picture }: ChartProps<K>) {
  const container = useRef<HTMLDivElement>(null);
  const [live, setLive] = useState(!picture);
  const [chart, setChart] = useState<ECharts>();
  const [drawing, setDrawing] = useState<string>();
  const [pictureKey, setPictureKey] = useState<K>();
  const latest = useRef(option);
  latest.current = option;
  // The live chart waits for its option.
  const ready = option !== undefined;

  // The picture's size is the container's, known once it is laid out, before the browser paints.
  useLayoutEffect(() => {
    if (live || !picture) return;
    setPictureKey(picture.key({ width: (container.current as HTMLDivElement).clientWidth || 800, height }));
  }, [live, picture, height]);
  const { data: svg, error: pictureFailed } = useSWR(
    live || !picture ? null : pictureKey,
    picture?.fetch ?? null,
    PICTURE_READ,
  );

  // A picture already here is in the chart's first frame; no picture: the live chart instead.
  useLayoutEffect(() => {
    if (pictureFailed) setLive(true);
    else if (svg && !live) {
      // An object URL: a data URL would have the whole picture percent-encoded first.
      setDrawing(URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' })));
    }
  }, [svg, pictureFailed, live]);

  useEffect(() => (drawing ? () => URL.revokeObjectURL(drawing) : undefined), [drawing]);

  useEffect(() => {
    if (!live || !ready) return;
    const element = container.current as HTMLDivElement;
    const visible = nearViewport(element);
    let instance: ECharts | undefined;
    let observer: ResizeObserver | undefined;
    let disposed = false;
    visible.ready
      .then(() => import('./echarts'))
      .then(async (echarts) => {
        await echarts.prepare(built(latest.current as NonNullable<typeof option>));
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
  }, [live, ready, height]);

  useEffect(() => {
    if (!chart || !option) return;
    let current = true;
    const drawn = built(option);
    import('./echarts')
      .then((echarts) => echarts.prepare(drawn))
      .then(() => {
        if (!current || chart.isDisposed()) return;
        chart.setOption(withDefaults(drawn), true);
        setDrawing(undefined);
      });
    return () => {
      current = false;
    };
  }, [chart, option]);

  const goLive = () => setLive(true);
  return (
    <div
      role="img"
      aria-label={label}
      style={{ position: 'relative', width: '100%', height }}
      onPointerEnter={live || !ready ? undefined : goLive}
      onTouchStart={live || !ready ? undefined : goLive}
    >
      {/* ECharts owns this element's content; React renders nothing into it. */}
      <div ref={container} style={{ width: '100%', height: '100%' }} />
      {drawing && (
        <img src={drawing} alt="" style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }} />
      )}
    </div>
  );
}
