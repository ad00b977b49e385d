/**
 * Pictures of charts, drawn on the server (server/charts/svg-worker.mjs) from the same ECharts option the
 * browser draws live: a board shows its first-view chart as an SVG image before the browser has fetched
 * ECharts, and swaps in the live chart when the user reaches for it.
 */
import type { EChartsCoreOption } from 'echarts/core';
import { projectPath } from '../paths';
import { WorkerThread } from '../worker-thread';

/** The worker's source file, found from the project folder (server/paths.ts). */
const WORKER_FILE = projectPath('server', 'charts', 'svg-worker.mjs');

export interface ChartPainter {
  /** The option drawn as an SVG document of `width` × `height` pixels. */
  svg(option: EChartsCoreOption, width: number, height: number): Promise<string>;
  /** Starts the drawing thread now: loading ECharts and a first drawing take it most of a second. */
  warm(): void;
  close(): Promise<void>;
}

/**
 * The worker starts when warmed or on the first picture asked for, and does not keep the process alive; after a
 * failure the next picture starts a new one.
 */
export function createChartPainter(): ChartPainter {
  let thread: WorkerThread | undefined;

  function started(): WorkerThread {
    if (!thread?.alive) thread = new WorkerThread(WORKER_FILE, { unref: true });
    return thread;
  }

  return {
    svg(option, width, height) {
      return started().request<string>({ option, width, height });
    },
    warm() {
      started();
    },
    async close() {
      await thread?.terminate();
      thread = undefined;
    },
  };
}
