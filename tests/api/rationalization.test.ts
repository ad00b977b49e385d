/**
 * Rationalization: the priority matrix under 报警类型, a point's record (GET/PUT under the point), the
 * confirm rule, the way back to 待确认 after any later edit, and the library's rationalization filters.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STALE_POINT_MESSAGE } from '../../common/alarmLibrary';
import { DEFAULT_PRIORITY_MATRIX } from '../../common/priorityMatrix';
import { queryRows } from '../../server/repositories/raw-sql';
import { build, SLOW, type TestApp, type TestUser } from './helpers';

interface RecordAnswer {
  version: number;
  priority: string;
  suggestedPriority: string | null;
  mismatch: boolean;
  missing: string[];
  rationalizationStatus: string;
  confirmedBy: string | null;
  confirmedAt: string | null;
  [key: string]: unknown;
}

const COMPLETE = {
  cause: '进料泵跳车',
  consequence: '塔釜液位低，再沸器干烧',
  severities: { people: 'minor', environment: 'none', asset: 'major' },
  maxResponseMinutes: 10,
  operatorResponse: '启动备用泵，关小塔釜采出',
  verification: '液位回升到 40% 以上',
  alarmClass: '工艺',
  notes: '',
  justification: '',
};

describe('rationalization API', { timeout: SLOW }, () => {
  let t: TestApp;
  let viewer: TestUser;
  let engineer: TestUser;
  let typeViewer: TestUser;
  const ids: { [tag: string]: number } = {};

  beforeAll(async () => {
    t = await build();
    viewer = await t.createUser({ permissions: ['alarm-bases-list-view'] });
    engineer = await t.createUser({
      username: 'rationalizer',
      permissions: ['view', 'edit', 'confirm'].map((action) => `alarm-bases-list-${action}`),
    });
    typeViewer = await t.createUser({ permissions: ['alarm-base-type-view'] });
    const inserted = await queryRows<{ id: number; tag: string }>(
      t.database.db,
      sql`insert into alarm_points (tag, condition, priority) values
         ('LIC-501', 'PVLO', 'medium'), ('LIC-502', 'PVLO', 'high'), ('LIC-503', 'PVLO', 'low'),
         ('LIC-504', 'PVLO', 'low')
       returning id, tag`,
    );
    for (const row of inserted) ids[row.tag] = row.id;
  }, SLOW);
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, as: TestUser = engineer, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: as.authorization, ...(payload ? { payload } : {}) });
  const record = async (tag: string) =>
    (await call('GET', `/alarm/bases/list/${ids[tag]}/rationalization`, viewer)).json().data as RecordAnswer;
  const save = (tag: string, version: number, body: object = {}) =>
    call('PUT', `/alarm/bases/list/${ids[tag]}/rationalization`, engineer, { version, ...COMPLETE, ...body });
  const confirm = (tag: string) => call('POST', `/alarm/bases/list/${ids[tag]}/confirm`);

  it('serves the default matrix to holders of 报警类型 view only', async () => {
    const response = await call('GET', '/alarm/base/type/matrix', typeViewer);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      matrix: DEFAULT_PRIORITY_MATRIX,
      updatedBy: null,
      updatedAt: null,
      changeRequestId: null,
      openChanges: [],
    });
    expect((await call('GET', '/alarm/base/type/matrix', viewer)).statusCode).toBe(403);
  });

  it('answers an empty record as incomplete, without a suggestion', async () => {
    const empty = await record('LIC-501');
    expect(empty).toMatchObject({ suggestedPriority: null, mismatch: false, rationalizationStatus: '待确认' });
    expect(empty.missing).toEqual([
      '原因',
      '不处理的后果',
      '人员安全严重度',
      '环境严重度',
      '财产与生产严重度',
      '响应时间',
      '处置措施',
      '报警类别',
    ]);
    expect((await call('GET', '/alarm/bases/list/999999/rationalization', viewer)).statusCode).toBe(404);
  });

  it('goes complete → confirm → edit → back to 待确认', async () => {
    const saved = await save('LIC-501', (await record('LIC-501')).version);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ suggestedPriority: 'medium', mismatch: false, missing: [] });

    const confirmed = await confirm('LIC-501');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data).toMatchObject({ rationalizationStatus: '已确认', confirmedBy: 'rationalizer' });
    const after = await record('LIC-501');
    expect(after).toMatchObject({ rationalizationStatus: '已确认', confirmedBy: 'rationalizer' });
    expect(after.confirmedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const edited = await save('LIC-501', after.version, { verification: '液位回升到 50% 以上' });
    expect(edited.json().data).toMatchObject({ rationalizationStatus: '待确认', confirmedBy: null, confirmedAt: null });
  });

  it('puts a confirmed point back to 待确认 when its priority is edited', async () => {
    await save('LIC-504', (await record('LIC-504')).version, { maxResponseMinutes: 25 });
    expect((await confirm('LIC-504')).statusCode).toBe(200);
    const point = (await call('GET', `/alarm/bases/list/${ids['LIC-504']}`, viewer)).json().data.point;
    const { id, tag, condition, unit, equipment, console, rationalizationStatus, confirmedBy, confirmedAt, ...rest } =
      point;
    const { createdBy, updatedBy, createdAt, updatedAt, ...settings } = rest;
    const edited = await call('PUT', `/alarm/bases/list/${id}`, engineer, { ...settings, priority: 'medium' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ rationalizationStatus: '待确认', confirmedBy: null });
    expect(await record('LIC-504')).toMatchObject({ suggestedPriority: 'low', mismatch: true });
  });

  it('refuses to confirm an incomplete record', async () => {
    await save('LIC-503', (await record('LIC-503')).version, { operatorResponse: '  ', alarmClass: '' });
    const refused = await confirm('LIC-503');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe('合理化记录不完整，缺少：处置措施、报警类别，不能确认');
    expect((await record('LIC-503')).rationalizationStatus).toBe('待确认');
  });

  it('refuses a mismatching priority without a justification, and confirms it with one', async () => {
    const saved = await save('LIC-502', (await record('LIC-502')).version);
    expect(saved.json().data).toMatchObject({ priority: 'high', suggestedPriority: 'medium', mismatch: true });
    const refused = await confirm('LIC-502');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe('当前优先级与矩阵建议（中）不一致，请填写差异说明后再确认');
    const justified = await save('LIC-502', saved.json().data.version, { justification: '历史上两次干烧，维持高' });
    expect(justified.statusCode).toBe(200);
    expect((await confirm('LIC-502')).statusCode).toBe(200);
  });

  it('suggests no alarm beyond 30 minutes and for no consequence', async () => {
    const { version } = await record('LIC-503');
    const late = await save('LIC-503', version, { maxResponseMinutes: 31, operatorResponse: '' });
    expect(late.json().data).toMatchObject({ suggestedPriority: 'noAlarm', mismatch: true });
    const harmless = await save('LIC-503', late.json().data.version, {
      maxResponseMinutes: 3,
      operatorResponse: '',
      severities: { people: 'none', environment: 'none', asset: 'none' },
    });
    expect(harmless.json().data.suggestedPriority).toBe('noAlarm');
  });

  it('refuses a stale version, an unknown category, bad input and callers without the edit right', async () => {
    const { version } = await record('LIC-501');
    const stale = await save('LIC-501', version - 1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msg).toBe(STALE_POINT_MESSAGE);
    const unknown = await save('LIC-501', version, { severities: { noise: 'minor' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toBe('后果类别「noise」不在优先级矩阵中，请刷新后重试');
    const badLevel = await save('LIC-501', version, { severities: { people: 'awful' } });
    expect(badLevel.statusCode).toBe(400);
    const negative = await save('LIC-501', version, { maxResponseMinutes: -1 });
    expect(negative.statusCode).toBe(400);
    const long = await save('LIC-501', version, { notes: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    const denied = await call('PUT', `/alarm/bases/list/${ids['LIC-501']}/rationalization`, viewer, {
      version,
      ...COMPLETE,
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().msg).toContain('alarm-bases-list-edit');
  });

  it('filters the library by suggestion, mismatch and completeness, with the suggestion in each row', async () => {
    const tags = async (query: string) => {
      const response = await call('GET', `/alarm/bases/list?current=1&pageSize=20&tag=LIC-5${query}`, viewer);
      expect(response.statusCode).toBe(200);
      return (response.json().data.list as { tag: string; suggestedPriority: string | null }[]).map(
        (row) => `${row.tag} ${row.suggestedPriority}`,
      );
    };
    expect(await tags('')).toEqual(['LIC-501 medium', 'LIC-502 medium', 'LIC-503 noAlarm', 'LIC-504 low']);
    expect(await tags('&suggestedPriority=medium')).toEqual(['LIC-501 medium', 'LIC-502 medium']);
    expect(await tags('&priorityMismatch=1')).toEqual(['LIC-502 medium', 'LIC-503 noAlarm', 'LIC-504 low']);
    expect(await tags('&rationalized=1')).toEqual(['LIC-501 medium', 'LIC-502 medium', 'LIC-504 low']);
    expect(await tags('&rationalized=0')).toEqual(['LIC-503 noAlarm']);
    const bad = await call('GET', '/alarm/bases/list?current=1&pageSize=20&priorityMismatch=2', viewer);
    expect(bad.statusCode).toBe(400);
  });
});
