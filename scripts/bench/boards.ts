/**
 * The boards' API calls on the demo plant (issue budget: the data-engine budgets, KPI p50 ≤ 150 ms): each
 * call a board makes on arrival, for the last 24 hours and the last 30 days, timed over HTTP one at a time.
 */

import { trendBucket } from '../../common/trendChart';
import { buildApp } from '../../server/app';
import type { AppConfig } from '../../server/config';
import type { OpenDatabase } from '../../server/db';
import { ADMIN_USERNAME } from '../../server/seed/roles';
import { percentile } from './stats';

const RUNS = 20;
const BUDGET_MS = 150;
const DAY_MS = 86_400_000;

/** The calls of every board for a window [from, to) (ISO), as the pages send them. */
export function boardCalls(from: string, to: string): [string, string][] {
  const window = `from=${from}&to=${to}`;
  const bucket = trendBucket(from, to);
  const before = new Date(Date.parse(from) - (Date.parse(to) - Date.parse(from))).toISOString();
  return [
    ['报警总览', `/api/alarm/board/over?${window}`],
    ['报警趋势', `/api/kpi/series?${window}&bucket=${bucket}`],
    ['趋势图片', `/api/kpi/series/picture?${window}&bucket=${bucket}&width=1200&height=320`],
    ['排名', `/api/kpi/ranking?${window}&by=console`],
    ['报警性能看板', `/api/alarm/board/performance?${window}`],
    ['设备报警看板', `/api/alarm/board/eq?${window}`],
    ['系统运行看板', '/api/alarm/op/system/run'],
    ['系统改进看板', `/api/alarm/op/system/improve?${window}&period=week`],
    ['对比优化看板', `/api/alarm/op/optimize?aFrom=${before}&aTo=${from}&bFrom=${from}&bTo=${to}`],
  ];
}

export async function benchBoards(
  print: (line: string) => void,
  config: AppConfig,
  database: OpenDatabase,
): Promise<void> {
  const app = await buildApp({ config, database });
  try {
    const admin = await app.repositories.users.findByUsername(ADMIN_USERNAME);
    const { token } = await app.repositories.tokens.issue(admin?.id ?? 0, 1);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const to = new Date();
    let worst = 0;
    for (const days of [1, 30]) {
      print(`board calls on the demo plant, last ${days === 1 ? '24 hours' : '30 days'} (p50 / p95 of ${RUNS}):`);
      for (const [name, path] of boardCalls(new Date(to.getTime() - days * DAY_MS).toISOString(), to.toISOString())) {
        const times: number[] = [];
        for (let run = 0; run <= RUNS; run++) {
          const started = performance.now();
          const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
          await response.arrayBuffer();
          if (!response.ok) throw new Error(`${path} answered ${response.status}`);
          // The first run warms the database's buffers and is not counted.
          if (run > 0) times.push(performance.now() - started);
        }
        const p50 = percentile(times, 50);
        worst = Math.max(worst, p50);
        print(`  ${name.padEnd(8, '　')} p50 ${p50.toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`);
      }
    }
    print(`board calls: worst p50 ${worst.toFixed(1)} ms (budget ≤ ${BUDGET_MS} ms)`);
  } finally {
    await app.close();
  }
}
