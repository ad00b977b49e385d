/**
 * The boards', KPI, KPI settings' and journal clients (src/services/boards.ts, kpi.ts, kpiSettings.ts,
 * journal.ts) against the real server, with the arguments their pages use: every function called once.
 */
import { renderHook, waitFor } from '@testing-library/react';
import * as boardsClient from '@/services/boards';
import * as journalClient from '@/services/journal';
import * as kpiClient from '@/services/kpi';
import * as kpiSettingsClient from '@/services/kpiSettings';
import { expectWorkbook, realServer, recorded, START } from './harness';

realServer();
const boards = recorded(boardsClient);
const kpi = recorded(kpiClient);
const kpiSettings = recorded(kpiSettingsClient);
// jsdom's FormData does not reach the server as a browser sends it: the upload is the browser test's.
const journal = recorded(journalClient, { importJournal: 'e2e/journal-import.spec.ts' });

const HOUR = 3_600_000;
const now = Date.now();
const day = { from: new Date(now - 24 * HOUR).toISOString(), to: new Date(now).toISOString() };
const week = { from: new Date(now - 7 * 24 * HOUR).toISOString(), to: day.to };

describe('board, KPI and journal calls on the real server', () => {
  it(
    'reads every board as its page asks, and exports each table',
    async () => {
      const options = await boards.fetchScopeOptions(boards.OVER_PATH);
      expect(options.units.length).toBeGreaterThan(0);
      const performance = await boards.fetchPerformance(week);
      expect(performance.consoles.length).toBeGreaterThan(0);
      const equipment = await boards.fetchEquipmentBoard(week);
      const first = equipment.equipment[0];
      if (first) await expect(boards.fetchEquipmentDetail(first.id, week)).resolves.toHaveProperty('points');
      const run = await boards.fetchSystemRun({});
      expect(run.consoles.length).toBeGreaterThan(0);
      const improvement = await boards.fetchImprovement({ ...week, period: 'week' });
      expect(improvement.periods.length).toBeGreaterThan(0);
      // The demo plant has a third of its points rationalized: each unit's coverage has content.
      expect(improvement.coverage.length).toBeGreaterThan(0);
      const last = improvement.periods.length - 1;
      expect(improvement.coverage.every((unit) => unit.total[last] > 0 && unit.confirmed[last] > 0)).toBe(true);
      const comparison = await boards.fetchComparison({
        aFrom: week.from,
        aTo: day.from,
        bFrom: day.from,
        bTo: day.to,
      });
      expect(comparison.kpis[0].kpi).toBe('annunciations');

      await expectWorkbook('GET /alarm/board/over/export', day);
      await expectWorkbook('GET /alarm/board/performance/export', week);
      await expectWorkbook('GET /alarm/board/eq/export', week);
      await expectWorkbook('GET /alarm/op/system/run/export', {});
      await expectWorkbook('GET /alarm/op/system/improve/export', { ...week, period: 'month' });
      await expectWorkbook('GET /alarm/op/optimize/export', {
        aFrom: week.from,
        aTo: day.from,
        bFrom: day.from,
        bTo: day.to,
      });
      await expectWorkbook('GET /alarm/mock/batches/export', journal.SIMULATED);
    },
    START,
  );

  it('preloads the overview, whose reads take what arrived; draws the trend picture', async () => {
    const search = new URLSearchParams();
    const size = { width: 800, height: 300 };
    const query = boards.openingQuery(search);
    // The picture's key remembers its size for the next start-up, which preloads the picture too.
    const pictureKey = kpi.trendPictureKey({ ...query, bucket: '10m' }, size);
    expect(kpi.lastPictureSize()).toEqual(size);
    await boards.preloadFirstView(search);
    const { result } = renderHook(() => ({
      overview: boards.useOverview(query),
      series: kpi.useSeries({ ...query, bucket: '10m' }),
      ranking: kpi.useRanking({ ...query, by: boards.OVER_RANK_BY }),
    }));
    await waitFor(() => expect(result.current.ranking.data).toBeDefined());
    expect(result.current.overview.data?.priorities.map((priority) => priority.code)).toEqual([
      'urgent',
      'high',
      'medium',
      'low',
    ]);
    expect(result.current.series.data?.length).toBeGreaterThan(0);
    expect(await kpi.fetchTrendPicture(pictureKey)).toContain('<svg');
    await expect(kpi.preloadTrendPicture({ ...day, bucket: '10m', ...size })).resolves.toContain('<svg');
  });

  it('reads and saves the optimisation targets', async () => {
    const { settings } = await boards.fetchTargets();
    const saved = await boards.saveTargets({ ...settings, warnFactor: 2 });
    expect(saved.settings.warnFactor).toBe(2);
  });

  it('reads and saves the KPI settings, and runs detection', async () => {
    const { settings } = await kpiSettings.fetchSettings();
    const saved = await kpiSettings.saveSettings({ ...settings, floodContributorTop: 4 });
    expect(saved.settings.floodContributorTop).toBe(4);
    const detection = await kpiSettings.runDetection();
    expect(detection.open).toBeGreaterThanOrEqual(0);
  });

  it('simulates a journal, follows its progress and deletes the simulated batch', async () => {
    const job = journal.newJobId();
    const options = await boards.fetchScopeOptions('/alarm/op/optimize');
    const simulated = await journal.simulate(
      {
        scenario: 'steady',
        unit: options.units[0],
        console: options.consoles[0],
        from: new Date(now - 2 * HOUR).toISOString(),
        to: new Date(now - HOUR).toISOString(),
        ratePerHour: 5,
        seed: 7,
      },
      job,
    );
    expect((await journal.fetchProgress(job)).stage).toBe('done');
    const page = await journal.fetchBatches({ current: 1, pageSize: 20 });
    expect(page.list.map((batch) => batch.id)).toContain(simulated.batchId);
    await expect(journal.deleteBatch(simulated.batchId)).resolves.toBe(simulated.imported);
  });
});
