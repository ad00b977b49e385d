// Draws ECharts options as SVG (ECharts' server-side rendering) on a thread of its own: a chart of hundreds
// of bars takes tens of milliseconds, which the server's event loop must not spend. Plain JavaScript: Node
// loads a worker file without a TypeScript loader. The main thread's side is server/charts/svg.ts.
import { parentPort } from 'node:worker_threads';
import * as echarts from 'echarts';

parentPort.on('message', ({ id, option, width, height }) => {
  let chart;
  try {
    chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
    chart.setOption({ animation: false, ...option });
    parentPort.postMessage({ id, svg: chart.renderToSVGString() });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  } finally {
    chart?.dispose();
  }
});
