import { describe, expect, it } from 'vitest';
import {
  decide,
  decideStanding,
  type SeparationRules,
  type StepSpec,
  stepStates,
} from '../../../server/domain/approvals/progress';
import { undecidableStep } from '../../../server/domain/approvals/separation';

const steps: StepSpec[] = [
  {
    position: 1,
    name: '会签',
    mode: 'all',
    approvers: [
      { kind: 'user', id: 1 },
      { kind: 'role', id: 10 },
    ],
  },
  { position: 2, name: '批准', mode: 'any', approvers: [{ kind: 'role', id: 20 }] },
];
const pending = (currentStep: number) => ({ status: 'pending' as const, currentStep });
/** Requests initiated by user 99, one step per person. */
const rules: SeparationRules = { initiatorId: 99, oneStepPerPerson: true };

describe('approval progress', () => {
  it('waits in an `all` step until every entry is satisfied, then moves on', () => {
    const first = decide(steps, pending(1), [], { id: 1, roleIds: [] }, 'approve', rules);
    expect(first).toEqual({ ok: true, matched: [{ kind: 'user', id: 1 }], outcome: { kind: 'waiting' } });
    const second = decide(
      steps,
      pending(1),
      [{ step: 1, userId: 1, decision: 'approve', matched: [{ kind: 'user', id: 1 }] }],
      { id: 2, roleIds: [10] },
      'approve',
      rules,
    );
    expect(second).toMatchObject({ ok: true, outcome: { kind: 'next', step: 2 } });
  });

  it('lets one person satisfy every entry they match', () => {
    expect(decide(steps, pending(1), [], { id: 1, roleIds: [10] }, 'approve', rules)).toMatchObject({
      outcome: { kind: 'next', step: 2 },
    });
  });

  it('approves at the last step, rejects on any rejection, refuses outsiders and second decisions', () => {
    expect(decide(steps, pending(2), [], { id: 5, roleIds: [20] }, 'approve', rules)).toMatchObject({
      outcome: { kind: 'approved' },
    });
    expect(decide(steps, pending(1), [], { id: 1, roleIds: [] }, 'reject', rules)).toMatchObject({
      outcome: { kind: 'rejected' },
    });
    expect(decide(steps, pending(2), [], { id: 1, roleIds: [10] }, 'approve', rules)).toEqual({
      ok: false,
      reason: 'notApprover',
    });
    const decided = [{ step: 1, userId: 1, decision: 'approve' as const, matched: [{ kind: 'user' as const, id: 1 }] }];
    expect(decideStanding(steps, pending(1), decided, { id: 1, roleIds: [] }, rules)).toEqual({
      canDecide: false,
      decideBlock: '你已审批过当前步骤，请等待其他审批人',
    });
    expect(
      decide(steps, { status: 'approved', currentStep: null }, [], { id: 1, roleIds: [] }, 'approve', rules),
    ).toEqual({
      ok: false,
      reason: 'ended',
    });
  });

  it('describes each step’s state', () => {
    expect(stepStates(steps, pending(1), [])).toEqual(['current', 'waiting']);
    expect(
      stepStates(steps, { status: 'rejected', currentStep: null }, [
        { step: 1, userId: 1, decision: 'reject', matched: [{ kind: 'user', id: 1 }] },
      ]),
    ).toEqual(['rejected', 'skipped']);
  });

  it('never lets the initiator decide, and one person decide one step unless relaxed', () => {
    const own = { initiatorId: 1, oneStepPerPerson: false };
    expect(decide(steps, pending(1), [], { id: 1, roleIds: [] }, 'approve', own)).toEqual({
      ok: false,
      reason: 'initiator',
    });
    const atStep1 = [
      { step: 1, userId: 5, decision: 'approve' as const, matched: [{ kind: 'role' as const, id: 10 }] },
    ];
    expect(decideStanding(steps, pending(2), atStep1, { id: 5, roleIds: [20] }, rules)).toEqual({
      canDecide: false,
      decideBlock: '你已审批本申请的第 1 步「会签」：同一人只能审批同一申请的一个步骤',
    });
    expect(
      decideStanding(steps, pending(2), atStep1, { id: 5, roleIds: [20] }, { ...rules, oneStepPerPerson: false }),
    ).toEqual({ canDecide: true, decideBlock: null });
    expect(decideStanding(steps, pending(2), [], { id: 7, roleIds: [] }, rules)).toEqual({
      canDecide: false,
      decideBlock: null,
    });
  });

  it('finds the first step nobody the rules allow can decide', () => {
    const candidates = (entries: Record<string, number[]>) => new Map(Object.entries(entries));
    const people = { 'user:1': [1], 'role:10': [2, 3], 'role:20': [3] };
    expect(undecidableStep(steps, candidates(people), rules)).toBeNull();
    expect(undecidableStep(steps, candidates(people), { ...rules, initiatorId: 1 })).toMatch(
      /^第 1 步「会签」没有可审批的人：其审批人只有发起人本人/,
    );
    expect(undecidableStep(steps, candidates({ ...people, 'role:10': [3] }), rules)).toMatch(
      /^第 2 步「批准」没有可审批的人：其审批人都要审批本申请的其他步骤/,
    );
    expect(
      undecidableStep(steps, candidates({ ...people, 'role:10': [3] }), { ...rules, oneStepPerPerson: false }),
    ).toBeNull();
    expect(undecidableStep(steps, candidates({ ...people, 'role:20': [] }), rules)).toMatch(
      /^第 2 步「批准」没有可审批的人：其审批人中没有启用的用户/,
    );
  });
});
