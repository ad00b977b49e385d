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

export type DecideResult =
  | { ok: false; reason: 'ended' | 'notApprover' | 'alreadyDecided' }
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
): DecideResult {
  const step = steps.find((candidate) => candidate.position === state.currentStep);
  if (state.status !== 'pending' || !step) return { ok: false, reason: 'ended' };
  const matched = matchedApprovers(step, actor);
  if (!matched.length) return { ok: false, reason: 'notApprover' };
  if (decisions.some((previous) => previous.step === step.position && previous.userId === actor.id)) {
    return { ok: false, reason: 'alreadyDecided' };
  }
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

/** Whether the actor may decide now: an approver of the current step who has not decided on it yet. */
export function canDecide(
  steps: readonly StepSpec[],
  state: { status: ApprovalStatus; currentStep: number | null },
  decisions: readonly DecisionRecord[],
  actor: Actor,
): boolean {
  return decide(steps, state, decisions, actor, 'approve').ok;
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
