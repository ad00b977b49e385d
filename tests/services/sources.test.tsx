/**
 * 数据采集 calls (src/services/sources.ts) against the real server: a folder source created, tested, edited and
 * deleted; the live summary 系统运行看板 polls.
 */
import * as sourcesClient from '@/services/sources';
import { realServer, recorded, START } from './harness';

realServer();
const sources = recorded(sourcesClient);

describe('数据采集 calls on the real server', () => {
  it(
    'keeps the sources as their page does, and answers the live summary',
    async () => {
      expect(await sources.fetchSources()).toEqual([]);
      const created = await sources.createSource({
        name: '服务测试',
        kind: 'folder',
        unit: '常减压',
        console: '',
        folder: { folder: 'svc' },
      });
      expect(created).toMatchObject({ name: '服务测试', enabled: true, folder: { folder: 'svc' } });
      // No such folder under the in-process server's drop root: the test says so.
      const tested = await sources.testSource(created.id);
      expect(tested).toEqual({
        ok: false,
        message: expect.stringContaining('文件夹不存在：svc'),
        files: [],
        conditions: [],
      });
      const edited = await sources.updateSource(created.id, {
        name: '服务测试',
        kind: 'folder',
        enabled: false,
        folder: { folder: 'svc' },
      });
      expect(edited.status.state).toBe('disabled');
      const live = await sources.fetchLiveSummary();
      expect(live.sources).toEqual([expect.objectContaining({ id: created.id, name: '服务测试' })]);
      expect(live.revision).toEqual(expect.any(String));
      await expect(sources.deleteSource(created.id)).resolves.toEqual({ id: created.id });
    },
    START,
  );

  it(
    'keeps an OPC UA source without ever answering its password, and tests it',
    async () => {
      const created = await sources.createSource({
        name: 'OPC UA 服务测试',
        kind: 'opcua',
        enabled: false,
        opcua: { endpointUrl: 'opc.tcp://127.0.0.1:1', securityMode: 'None', securityPolicy: 'None' },
      });
      expect(created.opcua).toMatchObject({ endpointUrl: 'opc.tcp://127.0.0.1:1', hasPassword: false });
      const tested = await sources.testSource(created.id);
      expect(tested).toMatchObject({ ok: false, conditions: [] });
      expect(tested.message).toContain('无法连接');
      await expect(sources.deleteSource(created.id)).resolves.toEqual({ id: created.id });
    },
    START,
  );
});
