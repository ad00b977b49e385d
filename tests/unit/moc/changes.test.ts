import { describe, expect, it } from 'vitest';
import { changeItemProblems, flowStepProblems, overrideProblems } from '../../../common/mocValidation';
import { itemConflicts, itemsFromDeviations, patchesByPoint } from '../../../server/domain/changes/items';
import { isEnded, revokeRefusal, transitionRefusal } from '../../../server/domain/changes/lifecycle';
import { conditionAt, effectiveSettings } from '../../../server/domain/conditions/effective';

describe('change request lifecycle', () => {
  it('allows only the transitions of docs/domain.md', () => {
    expect(transitionRefusal('draft', 'submit')).toBeUndefined();
    expect(transitionRefusal('pending', 'edit')).toBe('变更申请当前为「审批中」，不能修改');
    expect(transitionRefusal('draft', 'delete')).toBeUndefined();
    expect(transitionRefusal('pending', 'delete')).toMatch(/不能删除/);
    // A submitted request is never deleted: ended ones are archived.
    expect(transitionRefusal('applied', 'delete')).toBe('变更申请当前为「已实施」，不能删除');
    expect(transitionRefusal('applied', 'archive')).toBeUndefined();
    expect(transitionRefusal('draft', 'archive')).toBe('变更申请当前为「草稿」，不能归档');
    expect(transitionRefusal('draft', 'takeover')).toBeUndefined();
    expect(transitionRefusal('pending', 'takeover')).toBe('变更申请当前为「审批中」，不能转交');
    expect(['approved', 'rejected', 'revoked', 'applied'].every((s) => isEnded(s as 'applied'))).toBe(true);
    expect(isEnded('pending')).toBe(false);
  });

  it('lets only the initiator revoke, only while pending', () => {
    expect(revokeRefusal({ status: 'pending', initiatorId: 1 }, 1)).toBeUndefined();
    expect(revokeRefusal({ status: 'pending', initiatorId: 1 }, 2)).toMatchObject({ status: 403 });
    expect(revokeRefusal({ status: 'applied', initiatorId: 1 }, 1)).toMatchObject({ status: 409 });
  });
});

describe('change items', () => {
  const items = [
    { id: 1, pointId: 10, field: 'limitValue' as const, after: 5, pointVersion: 2 },
    { id: 2, pointId: 10, field: 'priority' as const, after: 'high', pointVersion: 2 },
    { id: 3, pointId: 11, field: 'enabled' as const, after: false, pointVersion: 1 },
  ];

  it('reports the items whose point moved or is gone', () => {
    const points = new Map([
      [10, { tag: 'A', condition: 'PVHI', version: 2, deleted: false }],
      [11, { tag: 'B', condition: 'PVLO', version: 3, deleted: false }],
    ]);
    expect(itemConflicts(items, points)).toEqual([
      expect.objectContaining({ itemId: 3, tag: 'B', message: expect.stringMatching(/版本 1，当前版本 3/) }),
    ]);
    expect(itemConflicts(items, new Map())).toHaveLength(3);
  });

  it('groups items into one patch per point', () => {
    expect([...patchesByPoint(items)]).toEqual([
      [10, { version: 2, patch: { limitValue: 5, priority: 'high' } }],
      [11, { version: 1, patch: { enabled: false } }],
    ]);
  });

  it('turns differing settings of a template evaluation into items and counts the rest', () => {
    const result = itemsFromDeviations([
      {
        kind: 'different',
        condition: 'PVHI',
        pointId: 1,
        tag: 'A',
        field: 'priority',
        expected: 'low',
        actual: 'high',
      },
      { kind: 'missing', condition: 'PVLL', pointId: null, tag: null, field: null, expected: null, actual: null },
      { kind: 'extra', condition: 'DEV', pointId: 2, tag: 'A', field: null, expected: null, actual: null },
      { kind: 'noRange', condition: 'PVHH', pointId: 3, tag: 'A', field: 'limitValue', expected: 95, actual: 10 },
    ]);
    expect(result).toEqual({
      items: [{ pointId: 1, field: 'priority', after: 'low' }],
      skipped: { missing: 1, extra: 1, noRange: 1 },
    });
  });
});

describe('operating conditions', () => {
  const base = {
    limitValue: 80,
    priority: 'low' as const,
    deadband: 1,
    onDelaySeconds: 3,
    offDelaySeconds: null,
    enabled: true,
  };

  it('takes the override where given and the base elsewhere', () => {
    expect(
      effectiveSettings(base, {
        enabled: false,
        limitValue: null,
        priority: 'high',
        deadband: null,
        onDelaySeconds: 0,
        offDelaySeconds: null,
      }),
    ).toEqual({ ...base, enabled: false, priority: 'high', onDelaySeconds: 0 });
    expect(effectiveSettings(base, null)).toEqual(base);
  });

  it('finds the condition in force at a time', () => {
    const switches = [
      { conditionId: 1, switchedAt: 100 },
      { conditionId: 2, switchedAt: 200 },
    ];
    expect(conditionAt(switches, 50)).toBeNull();
    expect(conditionAt(switches, 100)).toBe(1);
    expect(conditionAt(switches, 250)).toBe(2);
  });
});

describe('shared checks of the forms', () => {
  it('checks change items', () => {
    expect(changeItemProblems([{ pointId: 1, field: 'onDelaySeconds', after: 1.5 }])).toEqual([
      '第 1 项：开延时（秒）必须是 0 到 86400 之间的整数',
    ]);
    expect(changeItemProblems([{ pointId: 1, field: 'enabled', after: 'yes' }])).toEqual([
      '第 1 项：启用必须是 是 或 否',
    ]);
  });

  it('checks overrides and flow steps', () => {
    const none = {
      enabled: null,
      limitValue: null,
      priority: null,
      deadband: null,
      onDelaySeconds: null,
      offDelaySeconds: null,
    };
    expect(
      overrideProblems([
        { pointId: 1, ...none, deadband: 2 },
        { pointId: 1, ...none, enabled: true },
      ]),
    ).toEqual(['第 2 行与第 1 行是同一报警点，每个报警点只能有一行']);
    expect(
      flowStepProblems([
        {
          name: ' ',
          mode: 'any',
          approvers: [
            { kind: 'role', id: 1 },
            { kind: 'role', id: 1 },
          ],
        },
      ]),
    ).toEqual(['第 1 步：步骤名称不能为空', '第 1 步：审批人重复']);
  });
});
