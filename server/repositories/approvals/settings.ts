/**
 * The business types as 审批配置 shows them (active flow, pending requests, the separation-of-duties
 * setting with its audit), and the people approver entries stand for, for the submit's separation check.
 */
import { sql } from 'drizzle-orm';
import type { Approver, BusinessTypeSetting } from '../../../contract/moc';
import { BUSINESS_TYPES, type BusinessType } from '../../../contract/vocabulary';
import type { Executor } from '../../db';
import { approvalBusinessSettingChanges, approvalBusinessSettings } from '../../db/schema';
import { type ApproverCandidates, approverKey } from '../../domain/approvals/separation';
import { arrayParam, isoTime, queryRows } from '../raw-sql';

export function createSettingQueries(db: Executor) {
  return {
    /** Every business type in vocabulary order; a type never set keeps the rule. */
    async businessTypeSettings(tx: Executor = db): Promise<BusinessTypeSetting[]> {
      const rows = await queryRows<BusinessTypeSetting>(
        tx,
        sql`select t.type as "businessType",
              (select json_build_object('id', f.id, 'name', f.name) from approval_flows f
                where f.business_type = t.type and f.active) as "activeFlow",
              (select count(*)::int from change_requests cr
                where cr.business_type = t.type and cr.status = 'pending' and cr.deleted_at is null) as "pendingCount",
              coalesce(s.one_step_per_person, true) as "oneStepPerPerson",
              s.updated_by as "updatedBy", ${isoTime('s.updated_at')} as "updatedAt"
            from unnest(${arrayParam([...BUSINESS_TYPES])}::text[]) with ordinality as t(type, n)
            left join approval_business_settings s on s.business_type = t.type
            order by t.n`,
      );
      return rows;
    },

    /** Whether one person decides at most one step of a request of this type. */
    async oneStepPerPerson(businessType: BusinessType, tx: Executor = db): Promise<boolean> {
      const [row] = await queryRows<{ value: boolean }>(
        tx,
        sql`select one_step_per_person as value from approval_business_settings where business_type = ${businessType}`,
      );
      return row?.value ?? true;
    },

    /** The setting of every type that has one. */
    async oneStepPerPersonByType(tx: Executor = db): Promise<Map<BusinessType, boolean>> {
      const rows = await tx.select().from(approvalBusinessSettings);
      return new Map(rows.map((row) => [row.businessType, row.oneStepPerPerson]));
    },

    /** Sets the rule for a type, with who and when, and logs the change. */
    async setOneStepPerPerson(businessType: BusinessType, value: boolean, username: string, tx: Executor) {
      const now = new Date();
      await tx
        .insert(approvalBusinessSettings)
        .values({ businessType, oneStepPerPerson: value, updatedBy: username, updatedAt: now })
        .onConflictDoUpdate({
          target: approvalBusinessSettings.businessType,
          set: { oneStepPerPerson: value, updatedBy: username, updatedAt: now },
        });
      await tx
        .insert(approvalBusinessSettingChanges)
        .values({ businessType, oneStepPerPerson: value, changedBy: username, changedAt: now });
    },

    /** The enabled users each approver entry stands for: the user, or the role's holders. */
    async approverCandidates(approvers: readonly Approver[], tx: Executor = db): Promise<ApproverCandidates> {
      const ids = (kind: Approver['kind']) => [...new Set(approvers.filter((a) => a.kind === kind).map((a) => a.id))];
      const rows = await queryRows<{ key: string; userId: number }>(
        tx,
        sql`select 'user:' || u.id as key, u.id as "userId" from users u
              where not u.disabled and u.id = any(${arrayParam(ids('user'))}::int[])
            union all
            select 'role:' || ur.role_id, u.id from user_roles ur join users u on u.id = ur.user_id
              where not u.disabled and ur.role_id = any(${arrayParam(ids('role'))}::int[])`,
      );
      const candidates = new Map<string, number[]>(approvers.map((approver) => [approverKey(approver), []]));
      for (const row of rows) candidates.get(row.key)?.push(row.userId);
      return candidates;
    },
  };
}
