/** What the change-request repository takes and hands back besides the contract's types. */
import type { ChangeItemInput, ConditionProposal } from '../../../contract/moc';
import type { PriorityMatrix } from '../../../contract/rationalization';
import type { BusinessType, ChangeStatus, RiskLevel } from '../../../contract/vocabulary';

/** A request as the forms send it, trimmed and checked (server/use-cases/changes/save.ts). */
export interface ChangeInput {
  title: string;
  reason: string;
  riskLevel: RiskLevel;
  businessType: BusinessType;
  items: ChangeItemInput[];
  condition: ConditionProposal | null;
  /** priorityMatrix: the matrix proposed (the one in force is captured beside it when saved). */
  matrix: PriorityMatrix | null;
  templateId: number | null;
  equipmentId: number | null;
}

/** A request locked for the transaction: its transitions happen one at a time. */
export interface LockedRequest {
  id: number;
  status: ChangeStatus;
  businessType: BusinessType;
  initiatorId: number;
  title: string;
  /** Set once an ended request is archived (docs/domain.md): it stays, hidden from the default lists. */
  archivedAt: Date | null;
}
