/**
 * 审批配置's per-business-type setting (docs/domain.md, "Separation-of-duties rules"): whether one person
 * decides at most one step of a request. Only that rule can be relaxed, never "the initiator never approves".
 */
import type { BusinessTypeSetting } from '../../../contract/moc';
import type { BusinessType } from '../../../contract/vocabulary';
import type { Executor } from '../../db';
import type { Repositories } from '../../repositories';

/** Sets the rule, recording who and when; answers the type as 审批配置 shows it. */
export async function setOneStepPerPerson(
  businessType: BusinessType,
  value: boolean,
  username: string,
  repositories: Pick<Repositories, 'approvals'>,
  tx: Executor,
): Promise<BusinessTypeSetting> {
  await repositories.approvals.setOneStepPerPerson(businessType, value, username, tx);
  const settings = await repositories.approvals.businessTypeSettings(tx);
  return settings.find((setting) => setting.businessType === businessType) as BusinessTypeSetting;
}
