/**
 * Pictures of charts, drawn on the server (server/charts/svg-worker.mjs) from the same ECharts option the
 * browser draws live: a board shows its first-view chart as an SVG image before the browser has fetched
 * ECharts, and swaps in the live chart when the user reaches for it.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { EChartsCoreOption } from 'echarts/core';

interface Reply {
  id: number;
  svg?: string;
  error?: string;
}

export interface ChartPainter {
  /** The option drawn as an SVG document of `width` × `height` pixels. */
  svg(option: EChartsCoreOption, width: number, height: number): Promise<string>;
  /** Starts the drawing thread now: loading ECharts and a first drawing take it most of a second. */
  warm(): void;
  close(): Promise<void>;
}

/** The worker starts when warmed or on the first picture asked for, and does not keep the process alive. */
export function createChartPainter(): ChartPainter {
  let worker: Worker | undefined;
  let nextId = 1;
  const pending = new Map<number, { resolve: (svg: string) => void; reject: (error: Error) => void }>();

  function start(): Worker {
    // Resolved from the working directory, like the embedded database's worker and the migrations.
    const started = new Worker(path.resolve(process.cwd(), 'server', 'charts', 'svg-worker.mjs'));
    started.unref();
    started.on('message', ({ id, svg, error }: Reply) => {
      const waiting = pending.get(id);
      pending.delete(id);
      if (svg !== undefined) waiting?.resolve(svg);
      else waiting?.reject(new Error(error));
    });
    started.on('error', (error) => {
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
      worker = undefined;
    });
    return started;
  }

  return {
    svg(option, width, height) {
      worker ??= start();
      const id = nextId++;
      const drawing = new Promise<string>((resolve, reject) => pending.set(id, { resolve, reject }));
      worker.postMessage({ id, option, width, height });
      return drawing;
    },
    warm() {
      worker ??= start();
    },
    async close() {
      await worker?.terminate();
      worker = undefined;
    },
  };
}
