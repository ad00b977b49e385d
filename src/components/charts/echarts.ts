/**
 * The app's one chart library: ECharts through `echarts/core`, with only the charts and components the
 * boards draw registered (tree-shaken). Imported only from board pages, so it ships in their route chunks
 * and never in the main bundle. SVG renderer: crisp labels, smaller than the canvas one, and it runs in
 * jsdom for component tests.
 */
import { BarChart, HeatmapChart, LineChart, ScatterChart } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

echarts.use([
  BarChart,
  LineChart,
  ScatterChart,
  HeatmapChart,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  TooltipComponent,
  VisualMapComponent,
  SVGRenderer,
]);

export type { EChartsCoreOption as ChartOption } from 'echarts/core';
export { echarts };
