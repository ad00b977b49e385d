/**
 * The alarm library's calls (src/services/library.ts) against the real server: the list as the page
 * filters and sorts it, the drawer's detail, edit, 处置, 确认, removal, the abnormal list and
 * its close, and both exports.
 */
import * as libraryClient from '@/services/library';
import { expectWorkbook, realServer, recorded, START } from './harness';

realServer();
const library = recorded(libraryClient, { importLibrary: 'e2e/library.spec.ts' });

describe('报警列表 and 异常报警列表 calls on the real server', () => {
  it(
    'lists, opens, edits, confirms and removes points as the page asks',
    async () => {
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
      await expectWorkbook('GET /alarm/bases/list/export', { priority: 'urgent' });
    },
    START,
  );

  it('handles a point with open abnormal records, then closes a record of the abnormal list', async () => {
    const open = await library.fetchAbnormal({ current: 1, pageSize: 20, status: '未处置' });
    expect(open.list.length).toBeGreaterThan(1);
    const [first, second] = open.list;
    expect((await library.handlePoint(first.pointId, '已调整限值')).closed).toBeGreaterThan(0);
    const rest = await library.fetchAbnormal({ current: 1, pageSize: 20, status: '未处置' });
    const record = rest.list.find((row) => row.pointId !== first.pointId) ?? second;
    const closed = await library.closeAbnormal(record.id, '已忽略', '仪表检修期间');
    expect(closed.status).toBe('已忽略');
    await expectWorkbook('GET /alarm/bases/abnormal/export', { status: '未处置' });
  });
});
