// Draws ECharts options as SVG (ECharts' server-side rendering) on a thread of its own: a chart of hundreds
// of bars takes tens of milliseconds, which the server's event loop must not spend. Plain JavaScript: Node
// loads a worker file without a TypeScript loader. The main thread's side is server/charts/svg.ts.
import { parentPort } from 'node:worker_threads';
import * as echarts from 'echarts';

function draw(option, width, height) {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption({ animation: false, ...option });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

// The first drawing is several times slower than the next (code compiled on first use): drawn as the
// thread starts, not for the first user who asks.
draw(
  {
    xAxis: { type: 'category', data: ['00:00', '01:00'] },
    yAxis: { type: 'value' },
    series: [{ type: 'bar', data: [1, 2], label: { show: true } }],
  },
  200,
  100,
);

// The answers server/worker-thread.ts expects: `{ id, result }` or `{ id, error }`.
parentPort.on('message', ({ id, option, width, height }) => {
  try {
    parentPort.postMessage({ id, result: draw(option, width, height) });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: error instanceof Error ? error.message : String(error) } });
  }
});
parentPort.postMessage({ ready: true });
