/**
 * The app's one chart library: ECharts through `echarts/core`, tree-shaken. `Chart` imports this module
 * lazily, so no route bundle carries ECharts; the core, the SVG renderer and the cartesian grid come with
 * it, and each chart type or component an option asks for is a chunk of its own, fetched on first use
 * (the overview board, bars only, never loads the heatmap or the visual map). SVG renderer: crisp labels,
 * smaller than the canvas one, and it runs in jsdom for component tests.
 */
import { GridComponent } from 'echarts/components';
import { type EChartsCoreOption, init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

use([GridComponent, SVGRenderer]);

export type ChartOption = EChartsCoreOption;
export { init };

// Each import registers its part with ECharts when it runs (ECharts' own per-part entry points).
const SERIES: Record<string, () => Promise<unknown>> = {
  bar: () => import('echarts/lib/chart/bar'),
  line: () => import('echarts/lib/chart/line'),
  scatter: () => import('echarts/lib/chart/scatter'),
  heatmap: () => import('echarts/lib/chart/heatmap'),
};
const COMPONENTS: Record<string, () => Promise<unknown>> = {
  tooltip: () => import('echarts/lib/component/tooltip'),
  legend: () => import('echarts/lib/component/legendPlain'),
  legendScroll: () => import('echarts/lib/component/legendScroll'),
  visualMap: () => import('echarts/lib/component/visualMap'),
  markLine: () => import('echarts/lib/component/markLine'),
  markArea: () => import('echarts/lib/component/markArea'),
  // Not self-registering like the parts above: the module exports its installer.
  labelLayout: () =>
    import('echarts/lib/label/installLabelLayout').then(({ installLabelLayout }) => use(installLabelLayout)),
};

type Entry = Record<string, unknown>;
const entries = (value: unknown): Entry[] =>
  (Array.isArray(value) ? value : value ? [value] : []).filter((item): item is Entry => typeof item === 'object');

/** The ECharts parts an option draws with. */
export function partsOf(option: ChartOption): string[] {
  const parts = new Set<string>();
  for (const series of entries(option.series)) {
    parts.add(String(series.type));
    if (series.labelLayout) parts.add('labelLayout');
    for (const marker of ['markLine', 'markArea'] as const) if (series[marker]) parts.add(marker);
  }
  if (option.tooltip) parts.add('tooltip');
  if (option.visualMap) parts.add('visualMap');
  for (const legend of entries(option.legend)) parts.add(legend.type === 'scroll' ? 'legendScroll' : 'legend');
  return [...parts];
}

/** Loads (once) and registers the parts `option` needs. */
export async function prepare(option: ChartOption): Promise<void> {
  const loaders = partsOf(option).map((part) => SERIES[part] ?? COMPONENTS[part]);
  await Promise.all(loaders.filter(Boolean).map((load) => load()));
}
