/**
 * Whether every step of a flow can be decided by someone the separation-of-duties rules allow
 * (docs/domain.md, "Separation-of-duties rules"), checked when a request is submitted into the flow: the
 * initiator never decides, and with `oneStepPerPerson` each step needs people of its own. The first step
 * that cannot be decided is named, with why.
 */
import type { Approver } from '../../../contract/moc';
import type { SeparationRules, StepSpec } from './progress';

/** The enabled users each approver entry stands for, by `kind:id`. */
export type ApproverCandidates = ReadonlyMap<string, readonly number[]>;

export const approverKey = (approver: Approver) => `${approver.kind}:${approver.id}`;

/** Tries at most this many partial assignments; a flow larger than that is left to the decisions' own checks. */
const SEARCH_LIMIT = 50_000;

type Why = 'nobody' | 'initiator' | 'otherSteps';

const WHY: Record<Why, string> = {
  nobody: '其审批人中没有启用的用户',
  initiator: '其审批人只有发起人本人，发起人不能审批自己的变更',
  otherSteps: '其审批人都要审批本申请的其他步骤，同一人只能审批同一申请的一个步骤',
};

/** The slots of a step: one for a step of mode `any` (any approver), one per entry for mode `all`. */
function slotsOf(step: StepSpec, candidates: ApproverCandidates, initiatorId: number): number[][] {
  const people = (approvers: readonly Approver[]) => [
    ...new Set(approvers.flatMap((approver) => candidates.get(approverKey(approver)) ?? [])),
  ];
  const groups = step.mode === 'any' ? [people(step.approvers)] : step.approvers.map((a) => people([a]));
  return groups.map((group) => group.filter((id) => id !== initiatorId));
}

/**
 * Whether the steps can each be given people, no person on two steps (a person may fill several slots of one
 * step); undefined when the search gave up.
 */
function assignable(steps: number[][][]): boolean | undefined {
  let tries = 0;
  const owner = new Map<number, number>();
  const fill = (step: number, slot: number): boolean | undefined => {
    if (step === steps.length) return true;
    if (slot === steps[step].length) return fill(step + 1, 0);
    for (const person of steps[step][slot]) {
      tries += 1;
      if (tries > SEARCH_LIMIT) return undefined;
      const taken = owner.get(person);
      if (taken !== undefined && taken !== step) continue;
      if (taken === undefined) owner.set(person, step);
      const done = fill(step, slot + 1);
      if (taken === undefined) owner.delete(person);
      if (done !== false) return done;
    }
    return false;
  };
  return fill(0, 0);
}

/** The refusal of a submit whose flow has a step nobody may decide; null when every step can be decided. */
export function undecidableStep(
  steps: readonly StepSpec[],
  candidates: ApproverCandidates,
  rules: SeparationRules,
): string | null {
  const message = (step: StepSpec, why: Why) =>
    `第 ${step.position} 步「${step.name}」没有可审批的人：${WHY[why]}，无法提交；请在「审批配置」中为该步骤增加其他审批人`;
  const slots = steps.map((step) => slotsOf(step, candidates, rules.initiatorId));
  for (const [index, step] of steps.entries()) {
    if (slots[index].every((slot) => slot.length)) continue;
    const withInitiator = slotsOf(step, candidates, Number.NaN);
    return message(step, withInitiator.every((slot) => slot.length) ? 'initiator' : 'nobody');
  }
  if (!rules.oneStepPerPerson) return null;
  for (let count = 2; count <= steps.length; count += 1) {
    if (assignable(slots.slice(0, count)) === false) return message(steps[count - 1], 'otherSteps');
  }
  return null;
}
