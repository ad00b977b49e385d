/**
 * 基础配置 calls (src/services/dictionaries.ts) against the real server: alarm types and system types
 * listed, created, updated and deleted; priorities listed and renamed; the priority matrix and a proposed change
 * of it; the three exports.
 */
import * as dictionariesClient from '@/services/dictionaries';
import { expectWorkbook, realServer, recorded, START } from './harness';

realServer();
const dictionaries = recorded(dictionariesClient);

describe('基础配置 calls on the real server', () => {
  it(
    'keeps the alarm types, system types and priorities as their pages do',
    async () => {
      const types = await dictionaries.fetchAlarmTypes({ current: 1, pageSize: 20, enabled: true });
      expect(types.total).toBeGreaterThan(0);
      const type = await dictionaries.createAlarmType({
        code: 'SVC',
        name: '服务测试',
        color: '#1677ff',
        sortOrder: 9,
      });
      expect((await dictionaries.updateAlarmType(type.id, { code: 'SVC', name: '服务测试二' })).name).toBe(
        '服务测试二',
      );
      await expect(dictionaries.deleteAlarmType(type.id)).resolves.toEqual({ id: type.id });

      const systems = await dictionaries.fetchSystemTypes({ current: 1, pageSize: 20, keyword: '' });
      expect(systems.total).toBeGreaterThan(0);
      const system = await dictionaries.createSystemType({ code: 'SVC', name: '服务测试' });
      expect((await dictionaries.updateSystemType(system.id, { code: 'SVC2', name: '服务测试' })).code).toBe('SVC2');
      await expect(dictionaries.deleteSystemType(system.id)).resolves.toEqual({ id: system.id });

      const { matrix } = await dictionaries.fetchPriorityMatrix();
      expect(matrix.bands.map((band) => band.name)).toEqual(['< 5 分钟', '5–15 分钟', '15–30 分钟', '> 30 分钟']);
      const proposed = await dictionaries.proposeMatrixChange({
        reason: '服务调用测试',
        riskLevel: 'high',
        matrix: { ...matrix, cells: { ...matrix.cells, major: { ...matrix.cells.major, '5to15': 'high' } } },
      });
      expect(proposed).toMatchObject({ businessType: 'priorityMatrix', status: 'draft', matrix: { before: matrix } });
      expect((await dictionaries.fetchPriorityMatrix()).openChanges).toEqual([
        { id: proposed.id, title: '修改优先级矩阵', status: 'draft' },
      ]);

      const priorities = await dictionaries.fetchPriorities();
      const [urgent] = priorities;
      const renamed = await dictionaries.updatePriority(urgent.id, { name: '紧急', color: urgent.color, sortOrder: 0 });
      expect(renamed.code).toBe(urgent.code);

      await expectWorkbook('GET /alarm/base/type/export', { enabled: true });
      await expectWorkbook('GET /alarm/base/system/export', { keyword: 'DCS' });
      await expectWorkbook('GET /alarm/base/priorities/export');
    },
    START,
  );
});
