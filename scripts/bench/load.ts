/**
 * Load (docs/quality.md): 200 concurrent connections for 30 s on the library list and on the KPI summary,
 * printed with p50 / p99 latency, throughput and errors (budget: 0 errors). autocannon runs as its own
 * process so that its client work does not share the server's event loop.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const AUTOCANNON = path.join(process.cwd(), 'node_modules', '.bin', 'autocannon');

export const LOAD_CONNECTIONS = 200;
export const LOAD_SECONDS = 30;

interface AutocannonResult {
  latency: { p50: number; p99: number };
  requests: { average: number; total: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

export async function benchLoad(
  print: (line: string) => void,
  base: string,
  authorization: string,
  window: { from: string; to: string },
): Promise<void> {
  const targets = [
    ['library list, page of 20', '/api/alarm/bases/list?current=1&pageSize=20'],
    ['KPI summary, 30 days', `/api/kpi/summary?from=${window.from}&to=${window.to}`],
  ];
  for (const [name, url] of targets) {
    const { stdout } = await run(
      AUTOCANNON,
      [
        '-j',
        '-c',
        String(LOAD_CONNECTIONS),
        '-d',
        String(LOAD_SECONDS),
        '-H',
        `authorization=${authorization}`,
        `${base}${url}`,
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    const result = JSON.parse(stdout) as AutocannonResult;
    const errors = result.errors + result.timeouts + result.non2xx;
    print(
      `load ${name}: ${LOAD_CONNECTIONS} connections × ${LOAD_SECONDS} s → ${result.requests.total.toLocaleString('en-US')} requests ` +
        `(${result.requests.average.toFixed(0)}/s), p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
        `errors ${errors} (budget 0)`,
    );
  }
}
