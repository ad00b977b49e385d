/**
 * How an approval moves through its steps (docs/domain.md, "Change management and approvals"): who may act on
 * the current step, what a decision does to the step and to the approval, and how each step stands.
 *
 * A step of mode `any` is approved by the first approval; of mode `all` once every listed approver entry is
 * satisfied — a role entry by one approval of any holder, and one person's approval satisfies every entry
 * they match. One rejection by an approver of the current step rejects the whole approval.
 */
import type { Approver } from '../../../contract/moc';
import type { ApprovalStatus, Decision, StepMode, StepState } from '../../../contract/vocabulary';

export interface StepSpec {
  position: number;
  name: string;
  mode: StepMode;
  approvers: readonly Approver[];
}

/** The person acting, with the roles they hold now. */
export interface Actor {
  id: number;
  roleIds: readonly number[];
}

export interface DecisionRecord {
  step: number;
  userId: number;
  decision: Decision;
  /** The approver entries of the step the person satisfied when deciding. */
  matched: readonly Approver[];
}

const key = (approver: Approver) => `${approver.kind}:${approver.id}`;

/** The entries of the step the actor satisfies: themselves as a user, or a role they hold. */
export function matchedApprovers(step: StepSpec, actor: Actor): Approver[] {
  return step.approvers.filter((approver) =>
    approver.kind === 'user' ? approver.id === actor.id : actor.roleIds.includes(approver.id),
  );
}

export type StepOutcome = 'open' | 'approved' | 'rejected';

export function stepOutcome(step: StepSpec, decisions: readonly DecisionRecord[]): StepOutcome {
  const own = decisions.filter((decision) => decision.step === step.position);
  if (own.some((decision) => decision.decision === 'reject')) return 'rejected';
  const approvals = own.filter((decision) => decision.decision === 'approve');
  if (step.mode === 'any') return approvals.length ? 'approved' : 'open';
  const satisfied = new Set(approvals.flatMap((decision) => decision.matched.map(key)));
  return step.approvers.every((approver) => satisfied.has(key(approver))) ? 'approved' : 'open';
}

/**
 * Separation of duties on a request (docs/domain.md, "Separation-of-duties rules"): its initiator never
 * decides; with `oneStepPerPerson` (the business type's setting) nobody decides two of its steps.
 */
export interface SeparationRules {
  initiatorId: number;
  oneStepPerPerson: boolean;
}

export const INITIATOR_REFUSAL = '发起人不能审批自己的变更';

export const otherStepRefusal = (step: Pick<StepSpec, 'position' | 'name'>) =>
  `你已审批本申请的第 ${step.position} 步「${step.name}」：同一人只能审批同一申请的一个步骤`;

export type DecideRefusal =
  | { ok: false; reason: 'ended' | 'notApprover' | 'alreadyDecided' | 'initiator' }
  | { ok: false; reason: 'otherStep'; step: StepSpec };

export type DecideResult =
  | DecideRefusal
  | {
      ok: true;
      /** What to record with the decision. */
      matched: Approver[];
      /** `next`: the step is done and the following one is now current; `waiting`: the step needs more. */
      outcome: { kind: 'waiting' } | { kind: 'next'; step: number } | { kind: 'approved' } | { kind: 'rejected' };
    };

/** What a decision of `actor` on the current step would do, or why it is refused. */
export function decide(
  steps: readonly StepSpec[],
  state: { status: ApprovalStatus; currentStep: number | null },
  decisions: readonly DecisionRecord[],
  actor: Actor,
  decision: Decision,
  rules: SeparationRules,
): DecideResult {
  const step = steps.find((candidate) => candidate.position === state.currentStep);
  if (state.status !== 'pending' || !step) return { ok: false, reason: 'ended' };
  const matched = matchedApprovers(step, actor);
  if (!matched.length) return { ok: false, reason: 'notApprover' };
  if (actor.id === rules.initiatorId) return { ok: false, reason: 'initiator' };
  const own = decisions.filter((previous) => previous.userId === actor.id);
  if (own.some((previous) => previous.step === step.position)) return { ok: false, reason: 'alreadyDecided' };
  const other = rules.oneStepPerPerson && steps.find((candidate) => own.some((d) => d.step === candidate.position));
  if (other) return { ok: false, reason: 'otherStep', step: other };
  const outcome = stepOutcome(step, [...decisions, { step: step.position, userId: actor.id, decision, matched }]);
  if (outcome === 'rejected') return { ok: true, matched, outcome: { kind: 'rejected' } };
  if (outcome === 'open') return { ok: true, matched, outcome: { kind: 'waiting' } };
  const next = steps.filter((candidate) => candidate.position > step.position).sort((a, b) => a.position - b.position);
  return {
    ok: true,
    matched,
    outcome: next.length ? { kind: 'next', step: next[0].position } : { kind: 'approved' },
  };
}

/**
 * Whether the actor may decide now (an approver of the current step whom no rule excludes) and, when they are
 * listed on the step but excluded, why.
 */
export function decideStanding(
  steps: readonly StepSpec[],
  state: { status: ApprovalStatus; currentStep: number | null },
  decisions: readonly DecisionRecord[],
  actor: Actor,
  rules: SeparationRules,
): { canDecide: boolean; decideBlock: string | null } {
  const result = decide(steps, state, decisions, actor, 'approve', rules);
  if (result.ok) return { canDecide: true, decideBlock: null };
  return { canDecide: false, decideBlock: refusalReason(result) };
}

/** The Chinese reason of a refusal the approver can do nothing about; null when they are simply not listed. */
export function refusalReason(refusal: DecideRefusal): string | null {
  switch (refusal.reason) {
    case 'initiator':
      return INITIATOR_REFUSAL;
    case 'otherStep':
      return otherStepRefusal(refusal.step);
    case 'alreadyDecided':
      return '你已审批过当前步骤，请等待其他审批人';
    default:
      return null;
  }
}

/** How each step stands, for the progress display. */
export function stepStates(
  steps: readonly StepSpec[],
  state: { status: ApprovalStatus; currentStep: number | null },
  decisions: readonly DecisionRecord[],
): StepState[] {
  return steps.map((step) => {
    const outcome = stepOutcome(step, decisions);
    if (outcome !== 'open') return outcome;
    if (state.status === 'pending') return step.position === state.currentStep ? 'current' : 'waiting';
    return 'skipped';
  });
}
