/**
 * The alarm library's calls (src/services/library.ts) against the real server: the list as the page
 * filters and sorts it, the drawer's detail, edit, 处置, 确认, removal, the abnormal list and
 * its close, and both exports.
 */
import * as library from '@/services/library';
import { expectXlsx, functionsOf, realServer, START } from './harness';

const { api } = realServer();

/** An export address answers an xlsx file. */

describe('报警列表 and 异常报警列表 calls on the real server', () => {
  const called: string[] = [];
  // importLibrary's multipart upload is left to the import modal's test (tests/web/library.test.tsx):
  // jsdom's FormData does not reach the server as the browser sends it.
  afterAll(() => expect(functionsOf(library)).toEqual([...new Set([...called, 'importLibrary'])].sort()));

  it(
    'lists, opens, edits, confirms and removes points as the page asks',
    async () => {
      called.push('fetchPoints', 'fetchOptions', 'fetchPoint', 'updatePoint', 'confirmPoint', 'removePoint');
      const options = await library.fetchOptions();
      expect(options.priorities.map((priority) => priority.code)).toContain('urgent');
      const page = await library.fetchPoints({ current: 1, pageSize: 5, sortField: 'priority', sortOrder: 'ascend' });
      expect(page.list.length).toBeGreaterThan(0);
      const { point } = await library.fetchPoint(page.list[0].id);
      const {
        id,
        version,
        tag,
        condition,
        unit,
        equipment,
        console,
        rationalizationStatus,
        confirmedBy,
        confirmedAt,
        createdBy,
        updatedBy,
        createdAt,
        updatedAt,
        ...settings
      } = point;
      const edited = await library.updatePoint(id, { ...settings, version, description: '服务调用测试' });
      expect(edited.version).toBe(version + 1);
      expect((await library.confirmPoint(id)).rationalizationStatus).toBe('已确认');
      await expect(library.removePoint(id)).resolves.toEqual({ id });
      await expectXlsx(api(), library.LIBRARY_EXPORT_PATH);
    },
    START,
  );

  it('handles a point with open abnormal records, then closes a record of the abnormal list', async () => {
    called.push('fetchAbnormal', 'handlePoint', 'closeAbnormal');
    const open = await library.fetchAbnormal({ current: 1, pageSize: 20, status: '未处置' });
    expect(open.list.length).toBeGreaterThan(1);
    const [first, second] = open.list;
    expect((await library.handlePoint(first.pointId, '已调整限值')).closed).toBeGreaterThan(0);
    const rest = await library.fetchAbnormal({ current: 1, pageSize: 20, status: '未处置' });
    const record = rest.list.find((row) => row.pointId !== first.pointId) ?? second;
    const closed = await library.closeAbnormal(record.id, '已忽略', '仪表检修期间');
    expect(closed.status).toBe('已忽略');
    await expectXlsx(api(), library.ABNORMAL_EXPORT_PATH);
  });
});
