/** Where an approval stands: its steps in order, each with approvers, mode and every decision (who, when, comment). */

import { DECISION_LABELS, STEP_MODE_LABELS, STEP_STATE_LABELS } from '@common/moc';
import type { ApprovalInstance, ApprovalStep } from '@contract/moc';
import type { StepState } from '@contract/vocabulary';
import { Steps, Typography } from 'antd';
import { formatDateTime } from '@/utils/datetime';

const STEP_STATUS: Record<StepState, 'wait' | 'process' | 'finish' | 'error'> = {
  waiting: 'wait',
  current: 'process',
  approved: 'finish',
  rejected: 'error',
  skipped: 'wait',
};

function StepDescription({ step }: { step: ApprovalStep }) {
  return (
    <>
      <div>
        {STEP_MODE_LABELS[step.mode]}：{step.approvers.map((approver) => approver.name).join('、')}
      </div>
      {step.decisions.map((decision) => (
        <div key={decision.id}>
          <Typography.Text type={decision.decision === 'reject' ? 'danger' : 'success'}>
            {decision.user.name} {DECISION_LABELS[decision.decision]}
          </Typography.Text>{' '}
          <Typography.Text type="secondary">{formatDateTime(decision.decidedAt)}</Typography.Text>
          {decision.comment && <div>“{decision.comment}”</div>}
        </div>
      ))}
    </>
  );
}

export default function ApprovalSteps({ approval }: { approval: ApprovalInstance }) {
  return (
    <Steps
      aria-label="审批进度"
      direction="vertical"
      size="small"
      items={approval.steps.map((step) => ({
        title: `第 ${step.position} 步 ${step.name}`,
        subTitle: STEP_STATE_LABELS[step.state],
        status: STEP_STATUS[step.state],
        description: <StepDescription step={step} />,
      }))}
    />
  );
}
