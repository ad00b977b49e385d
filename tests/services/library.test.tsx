/**
 * The alarm library's calls (src/services/library.ts) against the real server: the list as the page
 * filters and sorts it, the drawer's detail, edit, rationalization record, 处置, 确认, removal, the abnormal list and
 * its close, 报警响应手册, and the exports.
 */
import type { ListedPoint } from '@contract/library';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { SorterResult, TableCurrentDataSource } from 'antd/es/table/interface';
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
      const { result } = renderHook(() => library.useLibraryList({}));
      await waitFor(() => expect(result.current.table.dataSource?.length).toBe(20));
      expect(result.current.table.pagination.total).toBeGreaterThan(20);
      // A column's sort, as the table reports it.
      const sorter: SorterResult<ListedPoint> = { field: 'priority', order: 'ascend' };
      act(() =>
        result.current.table.onChange({}, {}, sorter, { action: 'sort' } as TableCurrentDataSource<ListedPoint>),
      );
      await waitFor(() => expect(result.current.table.dataSource?.[0]?.priority).toBe('urgent'));
      const page = result.current.table.dataSource ?? [];
      const { point } = await library.fetchPoint(page[0].id);
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
      const record = await library.fetchRationalization(id);
      expect(record.matrix.categories.map((category) => category.code)).toEqual(['people', 'environment', 'asset']);
      const saved = await library.saveRationalization(id, {
        version: record.version,
        cause: '进料波动',
        consequence: '塔压升高',
        severities: { people: 'none', environment: 'minor', asset: 'severe' },
        maxResponseMinutes: 3,
        operatorResponse: '关小进料阀',
        verification: '压力回落',
        alarmClass: '工艺',
        notes: '',
        justification: '服务调用测试：保留当前优先级',
      });
      expect(saved).toMatchObject({ suggestedPriority: 'urgent', missing: [] });
      expect((await library.confirmPoint(id)).rationalizationStatus).toBe('已确认');
      await expect(library.removePoint(id)).resolves.toEqual({ id });
      await expectWorkbook('GET /alarm/bases/list/export', { priority: 'urgent' });
    },
    START,
  );

  it('sends 报警列表’s options and first page at start-up, as its page then reads them', async () => {
    const search = new URLSearchParams('tag=FCC');
    expect(library.libraryAddressFilters(search)).toEqual({ tag: 'FCC' });
    expect(library.libraryAddressFilters(new URLSearchParams('priorityMismatch=1&x=2'))).toEqual({
      priorityMismatch: '1',
    });
    await library.preloadFirstView(search);
    const { result } = renderHook(() => ({
      options: library.useLibraryOptions(),
      list: library.useLibraryList(library.libraryAddressFilters(search)),
    }));
    await waitFor(() => expect(result.current.list.table.dataSource?.length).toBeGreaterThan(0));
    expect(result.current.list.table.dataSource?.every((point) => point.tag.startsWith('FCC'))).toBe(true);
    await waitFor(() => expect(result.current.options.data?.units.length).toBeGreaterThan(0));
  });

  it('reads 报警响应手册 of the console the list is filtered on, as its page and its export ask', async () => {
    const options = await library.fetchOptions();
    const [first] = options.consoles;
    const address = library.manualAddress({ consoleId: String(first.id) }, options);
    expect(address).toBe(`/alarm/bases/list/manual?${new URLSearchParams([['console', first.name]])}`);
    expect(library.manualAddress({}, options)).toBe('/alarm/bases/list/manual');
    const manual = await library.fetchManual({ console: first.name });
    expect(manual.scope).toEqual({ kind: 'console', name: first.name });
    expect(manual.entries.length).toBeGreaterThan(0);
    expect(manual.entries.every((entry) => entry.console === first.name)).toBe(true);
    await expectWorkbook('GET /alarm/bases/list/manual', { console: first.name });
  });

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
