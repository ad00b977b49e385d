/** Approve or reject the current step of an approval with a comment (required to reject). */
import { ModalForm, ProFormTextArea } from '@ant-design/pro-components';
import { DECISION_LABELS } from '@common/moc';
import type { ApprovalDetail, ApprovalSummary } from '@contract/moc';
import type { Decision } from '@contract/vocabulary';
import { MAX_REASON_LENGTH } from '@contract/vocabulary';
import { message } from 'antd';
import { decideApproval } from '@/services/moc';

export interface Deciding {
  approval: ApprovalSummary;
  decision: Decision;
}

/** What the decision did, as the approver should hear it. */
function outcome(detail: ApprovalDetail, decision: Decision): { text: string; warn?: boolean } {
  if (decision === 'reject') return { text: `已驳回「${detail.title}」` };
  if (detail.changeStatus === 'applied') return { text: `审批通过，变更单 #${detail.changeRequestId} 已实施` };
  if (detail.conflicts.length > 0) {
    return { text: `审批通过，但变更未实施：${detail.conflicts.map((c) => c.message).join('；')}`, warn: true };
  }
  return { text: `已通过本步审批「${detail.title}」` };
}

export interface DecisionModalProps {
  deciding?: Deciding;
  onClose: () => void;
  onDecided: () => void;
}

export default function DecisionModal({ deciding, onClose, onDecided }: DecisionModalProps) {
  const decision = deciding?.decision ?? 'approve';
  const finish = async ({ comment }: { comment?: string }) => {
    if (!deciding) return false;
    try {
      const detail = await decideApproval(deciding.approval.id, decision, { comment: comment?.trim() ?? '' });
      const { text, warn } = outcome(detail, decision);
      if (warn) message.warning(text, 8);
      else message.success(text);
      onDecided();
      return true;
    } catch {
      // The request client has shown why (e.g. no longer this step's approver); the comment stays.
      return false;
    }
  };
  return (
    <ModalForm<{ comment?: string }>
      title={deciding ? `${DECISION_LABELS[decision]}：${deciding.approval.title}` : '审批'}
      open={deciding !== undefined}
      onOpenChange={(open) => !open && onClose()}
      modalProps={{ destroyOnClose: true }}
      submitter={{ searchConfig: { submitText: DECISION_LABELS[decision] } }}
      onFinish={finish}
    >
      <ProFormTextArea
        name="comment"
        label="审批意见"
        placeholder={decision === 'reject' ? '请说明驳回原因' : '可选'}
        rules={[
          ...(decision === 'reject' ? [{ required: true, whitespace: true, message: '驳回时必须填写审批意见' }] : []),
          { max: MAX_REASON_LENGTH, message: `审批意见不能超过 ${MAX_REASON_LENGTH} 个字符` },
        ]}
      />
    </ModalForm>
  );
}
