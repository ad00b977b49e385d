/**
 * 审批配置 and 审批管理: approval flows (flows.ts), the approval instances of change requests with their
 * steps and decisions (instances.ts), the approval records as the lists show them (records.ts), and the
 * business types' settings (settings.ts), built into one repository.
 */
import type { Executor } from '../../db';
import { createFlowQueries } from './flows';
import { createInstanceQueries } from './instances';
import { createApprovalRecordQueries } from './records';
import { createSettingQueries } from './settings';

export function createApprovalsRepository(db: Executor) {
  return {
    ...createFlowQueries(db),
    ...createInstanceQueries(db),
    ...createApprovalRecordQueries(db),
    ...createSettingQueries(db),
  };
}

export type ApprovalsRepository = ReturnType<typeof createApprovalsRepository>;
