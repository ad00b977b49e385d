/**
 * Type-level tests of the boards', KPI, KPI settings' and journal endpoints (checked by `npm run typecheck`):
 * a call the route would refuse, or a read of a field it does not return, does not compile. Never run.
 */
import { call } from '@/services/http';

const window = { from: '2025-05-01T00:00:00.000Z', to: '2025-05-02T00:00:00.000Z' };

export async function wrongCalls() {
  // @ts-expect-error a board takes its window: leaving it out does not compile
  await call('GET /alarm/board/over', { query: { unit: '常减压装置' } });

  // @ts-expect-error a query field the route does not know
  await call('GET /alarm/board/performance', { query: { ...window, shift: 'night' } });

  // @ts-expect-error a trend bucket outside the vocabulary
  await call('GET /kpi/series', { query: { ...window, bucket: '5m' } });

  // @ts-expect-error the comparison takes its sides flat (aFrom, bTo…), not nested
  await call('GET /alarm/op/optimize', { query: { a: window, b: window } });

  // @ts-expect-error targets are saved whole: a partial body does not compile
  await call('PUT /alarm/op/config', { body: { warnFactor: 2 } });

  // @ts-expect-error detection takes no body
  await call('POST /alarm/base/config/detect', { body: { force: true } });

  const simulation = { ...window, unit: '常减压装置', console: '常减压操作台', ratePerHour: 1, seed: 1 };
  // @ts-expect-error a simulation scenario outside the vocabulary
  await call('POST /alarm/mock/simulate', { query: {}, body: { ...simulation, scenario: 'storm' } });

  // @ts-expect-error a batch id is a number
  await call('DELETE /alarm/mock/batches/:id', { params: { id: 'latest' } });

  const run = await call('GET /alarm/op/system/run', { query: {} });
  // @ts-expect-error a field the route does not return
  run.consoles[0].lastAck;
}

export async function rightCalls() {
  const over = await call('GET /alarm/board/over', { query: { ...window, unit: '常减压装置' } });
  const series = await call('GET /kpi/series', { query: { ...window, bucket: '10m' } });
  return [over.summary.priorityDistribution.urgent, series[0]?.urgent];
}
