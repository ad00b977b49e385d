import { describe, expect, it } from 'vitest';
import { canDecide, decide, type StepSpec, stepStates } from '../../../server/domain/approvals/progress';

const steps: StepSpec[] = [
  {
    position: 1,
    mode: 'all',
    approvers: [
      { kind: 'user', id: 1 },
      { kind: 'role', id: 10 },
    ],
  },
  { position: 2, mode: 'any', approvers: [{ kind: 'role', id: 20 }] },
];
const pending = (currentStep: number) => ({ status: 'pending' as const, currentStep });

describe('approval progress', () => {
  it('waits in an `all` step until every entry is satisfied, then moves on', () => {
    const first = decide(steps, pending(1), [], { id: 1, roleIds: [] }, 'approve');
    expect(first).toEqual({ ok: true, matched: [{ kind: 'user', id: 1 }], outcome: { kind: 'waiting' } });
    const second = decide(
      steps,
      pending(1),
      [{ step: 1, userId: 1, decision: 'approve', matched: [{ kind: 'user', id: 1 }] }],
      { id: 2, roleIds: [10] },
      'approve',
    );
    expect(second).toMatchObject({ ok: true, outcome: { kind: 'next', step: 2 } });
  });

  it('lets one person satisfy every entry they match', () => {
    expect(decide(steps, pending(1), [], { id: 1, roleIds: [10] }, 'approve')).toMatchObject({
      outcome: { kind: 'next', step: 2 },
    });
  });

  it('approves at the last step, rejects on any rejection, refuses outsiders and second decisions', () => {
    expect(decide(steps, pending(2), [], { id: 5, roleIds: [20] }, 'approve')).toMatchObject({
      outcome: { kind: 'approved' },
    });
    expect(decide(steps, pending(1), [], { id: 1, roleIds: [] }, 'reject')).toMatchObject({
      outcome: { kind: 'rejected' },
    });
    expect(decide(steps, pending(2), [], { id: 1, roleIds: [10] }, 'approve')).toEqual({
      ok: false,
      reason: 'notApprover',
    });
    const decided = [{ step: 1, userId: 1, decision: 'approve' as const, matched: [{ kind: 'user' as const, id: 1 }] }];
    expect(canDecide(steps, pending(1), decided, { id: 1, roleIds: [] })).toBe(false);
    expect(decide(steps, { status: 'approved', currentStep: null }, [], { id: 1, roleIds: [] }, 'approve')).toEqual({
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
});
