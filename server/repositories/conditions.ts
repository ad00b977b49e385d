/**
 * 多工况管理: operating conditions per unit with their point overrides, the active condition of each unit
 * (its latest switch) and the switch timeline, the effective settings of a point under each condition, and
 * the application of an approved condition proposal (a change request of type operatingCondition).
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Page, PageRequest } from '../../contract/http';
import type {
  ChangeConflict,
  ConditionDetail,
  ConditionFilters,
  ConditionOverride,
  ConditionOverrideInput,
  ConditionProposal,
  ConditionProposalView,
  ConditionSummary,
  ConditionSwitch,
  ConditionUnit,
  PointEffectiveSettings,
  PointSettings,
  SwitchFilters,
} from '../../contract/moc';
import type { Executor } from '../db';
import { operatingConditionOverrides, operatingConditionSwitches, operatingConditions } from '../db/schema';
import { effectiveSettings } from '../domain/conditions/effective';
import { retagUnitConditions } from './journal';
import { containsPattern, pageWindow } from './listing';
import { arrayParam, isoTime, queryRows } from './raw-sql';

/** The settings of `alarm_points p` that conditions override, as `PointSettings`. */
export const POINT_SETTINGS = sql.raw(`json_build_object('limitValue', p.limit_value, 'priority', p.priority,
  'deadband', p.deadband, 'onDelaySeconds', p.on_delay_seconds, 'offDelaySeconds', p.off_delay_seconds,
  'enabled', p.enabled)`);

/** The latest switch of unit `u`. */
const ACTIVE_SWITCH = sql.raw(`left join lateral (select s.condition_id, s.switched_at, s.switched_by
  from operating_condition_switches s where s.unit_id = u.id order by s.switched_at desc, s.id desc limit 1) a on true`);

const SUMMARY_COLUMNS = sql`c.id, c.unit_id as "unitId", u.name as unit, c.name, c.description, c.version,
  (select count(*)::int from operating_condition_overrides o where o.condition_id = c.id) as "overrideCount",
  coalesce(a.condition_id = c.id, false) as active,
  (select max(cr.id) from change_requests cr where cr.condition_id = c.id and cr.status in ('draft', 'pending')
     and cr.deleted_at is null) as "openChangeRequestId",
  c.created_by as "createdBy", c.updated_by as "updatedBy", ${isoTime('c.created_at')} as "createdAt",
  ${isoTime('c.updated_at')} as "updatedAt"`;

const SUMMARY_FROM = sql`operating_conditions c join units u on u.id = c.unit_id ${ACTIVE_SWITCH}`;

type OverrideRow = ConditionOverrideInput & {
  tag: string;
  condition: string;
  description: string;
  base: PointSettings;
};

/** Overrides with their points' identity and base settings. */
async function overridesWithPoints(overrides: readonly ConditionOverrideInput[], tx: Executor): Promise<OverrideRow[]> {
  if (!overrides.length) return [];
  const points = await queryRows<{
    id: number;
    tag: string;
    condition: string;
    description: string;
    base: PointSettings;
  }>(
    tx,
    sql`select p.id, p.tag, p.condition, p.description, ${POINT_SETTINGS} as base from alarm_points p
        where p.id = any(${arrayParam(overrides.map((o) => o.pointId))}::int[])`,
  );
  const byId = new Map(points.map((point) => [point.id, point]));
  return overrides.map((override) => {
    const point = byId.get(override.pointId);
    return {
      ...override,
      tag: point?.tag ?? `#${override.pointId}`,
      condition: point?.condition ?? '',
      description: point?.description ?? '',
      base: point?.base ?? {
        limitValue: null,
        priority: 'low',
        deadband: null,
        onDelaySeconds: null,
        offDelaySeconds: null,
        enabled: true,
      },
    };
  });
}

const OVERRIDE_COLUMNS = sql.raw(`o.point_id as "pointId", o.enabled, o.limit_value as "limitValue", o.priority,
  o.deadband, o.on_delay_seconds as "onDelaySeconds", o.off_delay_seconds as "offDelaySeconds"`);

/** Switches newest first, each with the condition it replaced. */
function switchRows(where: SQL, tail: SQL, tx: Executor): Promise<ConditionSwitch[]> {
  return queryRows<ConditionSwitch>(
    tx,
    sql`select s.id, s.unit_id as "unitId", u.name as unit, s.condition_id as "conditionId", c.name as condition,
          (select pc.name from operating_condition_switches ps join operating_conditions pc on pc.id = ps.condition_id
             where ps.unit_id = s.unit_id and (ps.switched_at, ps.id) < (s.switched_at, s.id)
             order by ps.switched_at desc, ps.id desc limit 1) as "previousCondition",
          ${isoTime('s.switched_at')} as "switchedAt", s.switched_by as "switchedBy",
          coalesce(us.name, s.switched_by) as "switchedByName", s.note
        from operating_condition_switches s join units u on u.id = s.unit_id
          join operating_conditions c on c.id = s.condition_id left join users us on us.username = s.switched_by
        where ${where} order by s.switched_at desc, s.id desc ${tail}`,
  );
}

export function createConditionsRepository(db: Executor) {
  const repository = {
    async units(tx: Executor = db): Promise<ConditionUnit[]> {
      return queryRows<ConditionUnit>(
        tx,
        sql`select u.id as "unitId", u.name as unit,
              (select count(*)::int from operating_conditions c where c.unit_id = u.id and not c.deleted) as "conditionCount",
              a.condition_id as "activeConditionId", ac.name as "activeCondition",
              ${isoTime('a.switched_at')} as "switchedAt", a.switched_by as "switchedBy"
            from units u ${ACTIVE_SWITCH} left join operating_conditions ac on ac.id = a.condition_id
            order by u.name`,
      );
    },

    async page(query: ConditionFilters, page: PageRequest, tx: Executor = db): Promise<Page<ConditionSummary>> {
      const { limit, offset } = pageWindow(page);
      const parts = [sql`not c.deleted`];
      if (query.unitId !== undefined) parts.push(sql`c.unit_id = ${query.unitId}`);
      const pattern = containsPattern(query.name);
      if (pattern) parts.push(sql`c.name ilike ${pattern}`);
      const where = sql.join(parts, sql` and `);
      const list = await queryRows<ConditionSummary>(
        tx,
        sql`select ${SUMMARY_COLUMNS} from ${SUMMARY_FROM} where ${where} order by u.name, c.id limit ${limit} offset ${offset}`,
      );
      const [{ total }] = await queryRows<{ total: number }>(
        tx,
        sql`select count(*)::int as total from operating_conditions c where ${where}`,
      );
      return { list, total, ...page };
    },

    async find(id: number, tx: Executor = db): Promise<ConditionSummary | undefined> {
      const [row] = await queryRows<ConditionSummary>(
        tx,
        sql`select ${SUMMARY_COLUMNS} from ${SUMMARY_FROM} where c.id = ${id} and not c.deleted`,
      );
      return row;
    },

    async detail(id: number, tx: Executor = db): Promise<ConditionDetail | undefined> {
      const summary = await repository.find(id, tx);
      if (!summary) return undefined;
      const overrides = await queryRows<ConditionOverrideInput>(
        tx,
        sql`select ${OVERRIDE_COLUMNS} from operating_condition_overrides o join alarm_points p on p.id = o.point_id
            where o.condition_id = ${id} order by p.tag, p.condition`,
      );
      return { ...summary, overrides: await overridesWithPoints(overrides, tx) };
    },

    async switches(query: SwitchFilters, page: PageRequest, tx: Executor = db): Promise<Page<ConditionSwitch>> {
      const { limit, offset } = pageWindow(page);
      const where = query.unitId === undefined ? sql`true` : sql`s.unit_id = ${query.unitId}`;
      const list = await switchRows(where, sql`limit ${limit} offset ${offset}`, tx);
      const [{ total }] = await queryRows<{ total: number }>(
        tx,
        sql`select count(*)::int as total from operating_condition_switches s where ${where}`,
      );
      return { list, total, ...page };
    },

    /** Records a switch of the unit to the condition; refused when the condition is not the unit's or already active. */
    async switchTo(
      input: { unitId: number; conditionId: number; switchedAt: Date; note: string; switchedBy: string },
      tx: Executor,
    ): Promise<{ ok: true; id: number } | { ok: false; reason: 'missing' | 'active' }> {
      // One switch of a unit at a time: the check of the active condition and the insert stay together.
      await tx.execute(sql`select id from units where id = ${input.unitId} for update`);
      const condition = await repository.find(input.conditionId, tx);
      if (!condition || condition.unitId !== input.unitId) return { ok: false, reason: 'missing' };
      const [latest] = await queryRows<{ conditionId: number }>(
        tx,
        sql`select condition_id as "conditionId" from operating_condition_switches
            where unit_id = ${input.unitId} and switched_at <= ${input.switchedAt.toISOString()}::timestamptz
            order by switched_at desc, id desc limit 1`,
      );
      if (latest?.conditionId === input.conditionId) return { ok: false, reason: 'active' };
      const [row] = await tx
        .insert(operatingConditionSwitches)
        .values(input)
        .returning({ id: operatingConditionSwitches.id });
      // Events already stored from the switch on now belong to the new condition.
      await retagUnitConditions(tx, input.unitId, input.switchedAt.getTime());
      return { ok: true, id: row.id };
    },

    async switchById(id: number, tx: Executor = db): Promise<ConditionSwitch | undefined> {
      return (await switchRows(sql`s.id = ${id}`, sql``, tx))[0];
    },

    /** Soft-deletes a condition that is not active and that no open change request names. */
    async remove(id: number, tx: Executor): Promise<'missing' | 'active' | 'requested' | 'removed'> {
      const condition = await repository.find(id, tx);
      if (!condition) return 'missing';
      if (condition.active) return 'active';
      if (condition.openChangeRequestId !== null) return 'requested';
      await tx
        .update(operatingConditions)
        .set({ deleted: true, updatedAt: new Date() })
        .where(eq(operatingConditions.id, id));
      return 'removed';
    },

    /** The point's base settings and, per condition of its unit, the override and the effective settings. */
    async effective(pointId: number, tx: Executor = db): Promise<PointEffectiveSettings | undefined> {
      const [point] = await queryRows<{ unitId: number | null; base: PointSettings }>(
        tx,
        sql`select p.unit_id as "unitId", ${POINT_SETTINGS} as base from alarm_points p where p.id = ${pointId} and not p.deleted`,
      );
      if (!point) return undefined;
      const conditions =
        point.unitId === null
          ? []
          : await queryRows<{
              conditionId: number;
              name: string;
              active: boolean;
              override: ConditionOverrideInput | null;
            }>(
              tx,
              sql`select c.id as "conditionId", c.name, coalesce(a.condition_id = c.id, false) as active,
                    (select json_build_object('pointId', o.point_id, 'enabled', o.enabled, 'limitValue', o.limit_value,
                       'priority', o.priority, 'deadband', o.deadband, 'onDelaySeconds', o.on_delay_seconds,
                       'offDelaySeconds', o.off_delay_seconds)
                     from operating_condition_overrides o where o.condition_id = c.id and o.point_id = ${pointId}) as override
                  from operating_conditions c join units u on u.id = c.unit_id ${ACTIVE_SWITCH}
                  where c.unit_id = ${point.unitId} and not c.deleted order by c.id`,
            );
      return {
        pointId,
        base: point.base,
        conditions: conditions.map((condition) => ({
          ...condition,
          effective: effectiveSettings(point.base, condition.override),
        })),
      };
    },

    /** What is wrong with a proposal against the plant as it is now (unit, condition, name, points). */
    async proposalProblems(proposal: ConditionProposal, tx: Executor = db): Promise<string[]> {
      const [unit] = await queryRows<{ id: number }>(tx, sql`select id from units where id = ${proposal.unitId}`);
      if (!unit) return ['所选装置不存在，请刷新后重新选择'];
      const problems: string[] = [];
      if (proposal.conditionId !== null) {
        const existing = await repository.find(proposal.conditionId, tx);
        if (!existing || existing.unitId !== proposal.unitId) problems.push('工况不存在或已被删除');
      }
      const [clash] = await queryRows<{ id: number }>(
        tx,
        sql`select id from operating_conditions where unit_id = ${proposal.unitId} and name = ${proposal.name}
            and not deleted ${proposal.conditionId === null ? sql`` : sql`and id <> ${proposal.conditionId}`}`,
      );
      if (clash) problems.push(`该装置已有名为「${proposal.name}」的工况`);
      if (proposal.overrides.length) {
        const points = await queryRows<{
          id: number;
          tag: string;
          condition: string;
          unitId: number | null;
          deleted: boolean;
        }>(
          tx,
          sql`select id, tag, condition, unit_id as "unitId", deleted from alarm_points
              where id = any(${arrayParam(proposal.overrides.map((o) => o.pointId))}::int[])`,
        );
        for (const override of proposal.overrides) {
          const point = points.find((candidate) => candidate.id === override.pointId);
          if (!point || point.deleted) problems.push(`报警点 #${override.pointId} 不存在或已被删除`);
          else if (point.unitId !== proposal.unitId)
            problems.push(`报警点 ${point.tag} / ${point.condition} 不属于所选装置`);
        }
      }
      return problems;
    },

    async proposalView(
      proposal: ConditionProposal,
      conditionVersion: number | null,
      tx: Executor = db,
    ): Promise<ConditionProposalView> {
      const [unit] = await queryRows<{ name: string }>(tx, sql`select name from units where id = ${proposal.unitId}`);
      const overrides: ConditionOverride[] = await overridesWithPoints(proposal.overrides, tx);
      return { ...proposal, unit: unit?.name ?? '', conditionVersion, overrides };
    },

    /**
     * Writes an approved proposal: a new condition, or new settings and overrides (replaced whole) of an
     * existing one whose version is still the one the request was made against. Refused with the conflicts
     * (and nothing written) otherwise.
     */
    async applyProposal(
      proposal: ConditionProposal,
      conditionVersion: number | null,
      username: string,
      tx: Executor,
    ): Promise<{ ok: true; conditionId: number } | { ok: false; conflicts: ChangeConflict[] }> {
      const conflict = (message: string) => ({
        ok: false as const,
        conflicts: [{ itemId: null, pointId: null, tag: null, condition: null, message }],
      });
      let conditionId = proposal.conditionId;
      if (conditionId !== null) {
        const [current] = await tx
          .select()
          .from(operatingConditions)
          .where(and(eq(operatingConditions.id, conditionId), eq(operatingConditions.deleted, false)))
          .for('update');
        if (!current) return conflict('工况已被删除');
        if (current.version !== conditionVersion) {
          return conflict(
            `工况「${current.name}」在申请后已被修改（申请时版本 ${conditionVersion}，当前版本 ${current.version}）`,
          );
        }
      }
      const problems = await repository.proposalProblems(proposal, tx);
      if (problems.length) return conflict(problems.join('；'));
      if (conditionId === null) {
        const [row] = await tx
          .insert(operatingConditions)
          .values({
            unitId: proposal.unitId,
            name: proposal.name,
            description: proposal.description,
            createdBy: username,
            updatedBy: username,
          })
          .returning({ id: operatingConditions.id });
        conditionId = row.id;
      } else {
        await tx
          .update(operatingConditions)
          .set({
            name: proposal.name,
            description: proposal.description,
            version: sql`${operatingConditions.version} + 1`,
            updatedBy: username,
            updatedAt: new Date(),
          })
          .where(eq(operatingConditions.id, conditionId));
        await tx.delete(operatingConditionOverrides).where(eq(operatingConditionOverrides.conditionId, conditionId));
      }
      if (proposal.overrides.length) {
        const id = conditionId;
        await tx
          .insert(operatingConditionOverrides)
          .values(proposal.overrides.map((override) => ({ ...override, conditionId: id })));
      }
      return { ok: true, conditionId };
    },
  };
  return repository;
}

export type ConditionsRepository = ReturnType<typeof createConditionsRepository>;
