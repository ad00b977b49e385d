/**
 * Changing the priority matrix through change management (docs/domain.md, "Rationalization and the priority
 * matrix"): proposed from 报警类型 as a change request of its own type, applied on the last approval with who
 * and when recorded, every point's stored suggestion recomputed then and not before; a request drafted
 * against an older matrix conflicts.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRIORITY_MATRIX, type PriorityMatrix } from '../../common/priorityMatrix';
import { SLOW, sheetRows } from './helpers';
import { approvalOf, useMocFixture } from './moc-fixtures';

/** 严重 × 5–15 分钟 becomes 高 and 轻微 × 5–15 分钟 becomes 中. */
const STRICTER: PriorityMatrix = {
  ...DEFAULT_PRIORITY_MATRIX,
  cells: {
    ...DEFAULT_PRIORITY_MATRIX.cells,
    minor: { ...DEFAULT_PRIORITY_MATRIX.cells.minor, '5to15': 'medium' },
    major: { ...DEFAULT_PRIORITY_MATRIX.cells.major, '5to15': 'high' },
  },
};

const RECORD = {
  cause: '进料波动',
  consequence: '塔压升高',
  maxResponseMinutes: 10,
  operatorResponse: '降低进料',
  verification: '',
  alarmClass: '工艺',
  notes: '',
  justification: '',
};

describe('priority matrix through change management', { timeout: SLOW }, () => {
  const { f } = useMocFixture();

  const rationalize = async (tag: string, severities: Record<string, string>) => {
    const id = f.points[tag];
    const { version } = (await f.call('GET', `/alarm/bases/list/${id}/rationalization`, f.engineer)).json().data;
    const saved = await f.call('PUT', `/alarm/bases/list/${id}/rationalization`, f.engineer, {
      version,
      ...RECORD,
      severities,
    });
    expect(saved.statusCode).toBe(200);
  };
  const row = async (tag: string) => {
    const list = (await f.call('GET', `/alarm/bases/list?tag=${tag}`, f.engineer)).json().data.list;
    return list[0] as { suggestedPriority: string | null; priority: string };
  };
  const mismatching = async () => {
    const response = await f.call('GET', '/alarm/bases/list?priorityMismatch=1&pageSize=50', f.engineer);
    return (response.json().data.list as { tag: string }[]).map((point) => point.tag);
  };
  const propose = (matrix: PriorityMatrix, submit = true, as = f.admin) =>
    f.call('POST', '/alarm/base/type/matrix', as, { reason: '按新的风险评估调整', riskLevel: 'high', matrix, submit });
  const approveAll = async (changeId: number) => {
    const approvalId = await approvalOf(f, changeId);
    expect((await f.call('POST', `/alarm/approve/list/${approvalId}/approve`, f.engineer2, {})).statusCode).toBe(200);
    expect((await f.call('POST', `/alarm/approve/list/${approvalId}/approve`, f.approver, {})).statusCode).toBe(200);
  };

  it('refuses an ill-formed matrix, the generic change route and callers without 报警类型 edit', async () => {
    const gap = await propose({
      ...DEFAULT_PRIORITY_MATRIX,
      bands: DEFAULT_PRIORITY_MATRIX.bands.map((band) => (band.code === '15to30' ? { ...band, maxMinutes: 10 } : band)),
    });
    expect(gap.statusCode).toBe(400);
    expect(gap.json().msg).toContain('第 3 个响应时间区间「15–30 分钟」的上限必须大于前一个区间的上限（14 分钟）');
    const hole = await propose({
      ...DEFAULT_PRIORITY_MATRIX,
      cells: { ...DEFAULT_PRIORITY_MATRIX.cells, severe: { under5: 'urgent' } },
    });
    expect(hole.statusCode).toBe(400);
    expect(hole.json().msg).toContain('缺少「重大 × 5–15 分钟」的优先级');
    const unnamed = await propose({
      ...DEFAULT_PRIORITY_MATRIX,
      bands: [{ ...DEFAULT_PRIORITY_MATRIX.bands[3], name: '' }],
    });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().msg).toContain('第 1 个响应时间区间缺少名称');
    expect((await propose(STRICTER, true, f.engineer)).statusCode).toBe(403);
    const generic = await f.call('POST', '/alarm/op/update', f.engineer, {
      title: '矩阵',
      reason: 'x',
      riskLevel: 'low',
      businessType: 'priorityMatrix',
    });
    expect(generic.statusCode).toBe(400);
    expect(generic.json().msg).toContain('「优先级矩阵变更」只能在「报警类型 → 优先级矩阵」中发起');
  });

  it('goes draft → pending → applied, changing the suggestions only when applied', async () => {
    await rationalize('FIC-101', { people: 'major', environment: 'none', asset: 'minor' });
    await rationalize('FIC-102', { people: 'minor', environment: 'none', asset: 'none' });
    expect(await row('FIC-101')).toMatchObject({ priority: 'low', suggestedPriority: 'medium' });
    expect(await row('FIC-102')).toMatchObject({ priority: 'low', suggestedPriority: 'low' });
    expect(await mismatching()).toEqual(['FIC-101']);

    const drafted = await propose(STRICTER, false);
    expect(drafted.statusCode).toBe(200);
    const draft = drafted.json().data;
    expect(draft).toMatchObject({
      title: '修改优先级矩阵',
      businessType: 'priorityMatrix',
      status: 'draft',
      itemCount: 1,
      items: [],
      matrix: { before: DEFAULT_PRIORITY_MATRIX, after: STRICTER },
    });
    const submitted = await f.call('POST', `/alarm/op/update/${draft.id}/submit`, f.admin);
    expect(submitted.json().data.status).toBe('pending');

    const pending = (await f.call('GET', '/alarm/base/type/matrix', f.admin)).json().data;
    expect(pending).toMatchObject({ matrix: DEFAULT_PRIORITY_MATRIX, updatedBy: null, changeRequestId: null });
    expect(pending.openChanges).toEqual([{ id: draft.id, title: '修改优先级矩阵', status: 'pending' }]);
    expect((await row('FIC-101')).suggestedPriority).toBe('medium');

    await approveAll(draft.id);
    const applied = (await f.call('GET', `/alarm/op/update/${draft.id}`, f.viewer)).json().data;
    expect(applied.status).toBe('applied');
    const audit = await f.call('GET', `/alarm/op/update/${draft.id}/audit`, f.viewer);
    const lines = (await sheetRows(audit.rawPayload, '变更项')).slice(1);
    expect(lines.map((row) => [row[1], row[4], row[6], row[7]])).toEqual([
      ['—', '优先级矩阵', '轻微 × 5–15 分钟：低 → 中', '已实施：已实施'],
      ['—', '优先级矩阵', '严重 × 5–15 分钟：中 → 高', '已实施：已实施'],
    ]);
    const stored = (await f.call('GET', '/alarm/base/type/matrix', f.admin)).json().data;
    expect(stored).toMatchObject({
      matrix: STRICTER,
      updatedBy: f.approver.username,
      changeRequestId: draft.id,
      openChanges: [],
    });
    expect(Date.now() - Date.parse(stored.updatedAt)).toBeLessThan(60_000);
    expect(await row('FIC-101')).toMatchObject({ suggestedPriority: 'high' });
    expect(await row('FIC-102')).toMatchObject({ suggestedPriority: 'medium' });
    expect(await mismatching()).toEqual(['FIC-101', 'FIC-102']);
    const record = (await f.call('GET', `/alarm/bases/list/${f.points['FIC-101']}/rationalization`, f.engineer)).json()
      .data;
    expect(record).toMatchObject({ suggestedPriority: 'high', mismatch: true, matrix: STRICTER });
  });

  it('conflicts when the matrix changed after the request was saved', async () => {
    const older = (
      await propose({ ...STRICTER, cells: { ...STRICTER.cells, minor: DEFAULT_PRIORITY_MATRIX.cells.minor } })
    ).json().data;
    const quality = {
      ...STRICTER,
      categories: [
        ...STRICTER.categories,
        {
          code: 'quality',
          name: '产品质量',
          levels: { none: '无影响', minor: '少量不合格', major: '批次不合格', severe: '大面积不合格' },
        },
      ],
    };
    const newer = (await propose(quality)).json().data;
    await approveAll(newer.id);
    // A new category: records without its severity are no longer complete.
    const record = (await f.call('GET', `/alarm/bases/list/${f.points['FIC-101']}/rationalization`, f.engineer)).json()
      .data;
    expect(record.missing).toEqual(['产品质量严重度']);
    const incomplete = (await f.call('GET', '/alarm/bases/list?rationalized=0&tag=FIC-10', f.engineer)).json().data;
    expect(incomplete.list.map((point: { tag: string }) => point.tag)).toEqual(['FIC-101', 'FIC-102']);

    await approveAll(older.id);
    const conflicted = (await f.call('GET', `/alarm/op/update/${older.id}`, f.viewer)).json().data;
    expect(conflicted.status).toBe('approved');
    expect(conflicted.conflicts[0].message).toContain('优先级矩阵在本申请保存后已被其他变更修改');
    expect((await f.call('GET', '/alarm/base/type/matrix', f.admin)).json().data.matrix.categories).toHaveLength(4);
  });
});
