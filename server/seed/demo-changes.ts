/**
 * Demo operating conditions and change management (SEED_DEMO): per unit 正常运行 (active), 开车 and 停车
 * with a few overrides and a switch timeline over the demo month; a two-step flow per business type, each
 * step its own roles (工程审核 by 报警工程师 or 审核员, then 批准 by 审批人), and the people to fill them
 * (`eng`, `reviewer`, `approver`), so that separation of duties holds (docs/domain.md); and change requests by
 * `eng` in every state — a draft, one pending at step 1, one at step 2, an applied one (with its audit entries
 * in the library) and a rejected one. Everything goes through the same repositories and use cases as the
 * API, so the demo records are exactly what real use produces.
 */
import { sql } from 'drizzle-orm';
import { BUSINESS_TYPE_LABELS } from '../../common/moc';
import type { ChangeItemInput } from '../../contract/moc';
import { BUSINESS_TYPES } from '../../contract/vocabulary';
import type { Executor } from '../db';
import { operatingConditionOverrides, operatingConditionSwitches, operatingConditions } from '../db/schema';
import { createApprovalsRepository } from '../repositories/approvals';
import { type ChangeInput, createChangesRepository } from '../repositories/changes';
import { createConditionsRepository } from '../repositories/conditions';
import { createMatrixRepository } from '../repositories/matrix';
import { queryRows } from '../repositories/raw-sql';
import { createUsersRepository } from '../repositories/users';
import { decideStep } from '../use-cases/approvals/decide';
import { submitDraft } from '../use-cases/changes/submit';
import { ADMIN_USERNAME, ROLE_NAMES } from './roles';

const DAY = 86_400_000;

/** The timeline of every unit: days before `now`, condition, note. */
const SWITCHES: [daysAgo: number, condition: string, note: string][] = [
  [30, '正常运行', '投用多工况管理'],
  [12, '停车', '计划停车消缺'],
  [10, '开车', '消缺完成，装置开车'],
  [9, '正常运行', '开车完成，恢复正常运行'],
];

async function points(tx: Executor, tagPrefix: string, condition: string, limit: number) {
  return queryRows<{ id: number; limitValue: number | null; unitId: number }>(
    tx,
    sql`select id, limit_value as "limitValue", unit_id as "unitId" from alarm_points
        where tag like ${`${tagPrefix}-%`} and condition = ${condition} and not deleted order by tag limit ${limit}`,
  );
}

/**
 * The conditions and their switch timeline. Seeded before the demo journal is imported, so that its
 * events carry the condition of their unit and the boards' condition filter has something to show.
 */
export async function seedDemoConditions(tx: Executor, now: number): Promise<void> {
  const adminName = ADMIN_USERNAME;
  const units = await queryRows<{ id: number; name: string }>(tx, sql`select id, name from units order by id`);
  for (const unit of units) {
    const rows = await tx
      .insert(operatingConditions)
      .values(
        [
          ['正常运行', '装置满负荷稳定运行，使用报警库的基础设置'],
          ['开车', '开车过程：低报在工艺建立前抑制，高报延时加长'],
          ['停车', '停车过程：低报、低低报抑制'],
        ].map(([name, description]) => ({
          unitId: unit.id,
          name,
          description,
          createdBy: adminName,
          updatedBy: adminName,
        })),
      )
      .returning({ id: operatingConditions.id, name: operatingConditions.name });
    const id = new Map(rows.map((row) => [row.name, row.id]));
    const lows = await queryRows<{ id: number }>(
      tx,
      sql`select id from alarm_points where unit_id = ${unit.id} and condition = 'PVLO' order by tag limit 3`,
    );
    const highs = await queryRows<{ id: number }>(
      tx,
      sql`select id from alarm_points where unit_id = ${unit.id} and condition = 'PVHI' order by tag limit 2`,
    );
    const overrides = [
      ...lows.map((point) => ({ conditionId: id.get('停车') as number, pointId: point.id, enabled: false })),
      ...lows.map((point) => ({ conditionId: id.get('开车') as number, pointId: point.id, enabled: false })),
      ...highs.map((point) => ({ conditionId: id.get('开车') as number, pointId: point.id, onDelaySeconds: 30 })),
    ];
    if (overrides.length) await tx.insert(operatingConditionOverrides).values(overrides);
    await tx.insert(operatingConditionSwitches).values(
      SWITCHES.map(([daysAgo, condition, note]) => ({
        unitId: unit.id,
        conditionId: id.get(condition) as number,
        switchedAt: new Date(now - daysAgo * DAY),
        switchedBy: adminName,
        note,
      })),
    );
  }
}

/** The demo's people: who drafts changes, who reviews them, who approves them. */
const DEMO_PEOPLE = [
  { username: 'eng', name: '报警工程师', role: ROLE_NAMES.engineer },
  { username: 'reviewer', name: '审核员', role: ROLE_NAMES.reviewer },
  { username: 'approver', name: '批准人', role: ROLE_NAMES.approver },
] as const;

export async function seedDemoChanges(tx: Executor): Promise<void> {
  const roles = await queryRows<{ id: number; name: string }>(tx, sql`select id, name from roles`);
  const roleId = (name: string) => roles.find((role) => role.name === name)?.id as number;
  const users = createUsersRepository(tx);
  const people = new Map<string, { id: number; username: string; roleIds: number[] }>();
  for (const person of DEMO_PEOPLE) {
    const roleIds = [roleId(person.role)];
    const user = await users.create({ username: person.username, name: person.name, roleIds }, tx);
    if (!user) return;
    people.set(person.role, { id: user.id, username: user.username, roleIds });
  }
  const approvals = createApprovalsRepository(tx);
  const conditions = createConditionsRepository(tx);
  const changes = createChangesRepository(tx, approvals, conditions);
  const matrix = createMatrixRepository(tx);

  for (const businessType of BUSINESS_TYPES) {
    const saved = await approvals.saveFlow(
      undefined,
      {
        name: `${BUSINESS_TYPE_LABELS[businessType]}审批流程`,
        businessType,
        description: '报警工程师或审核员审核（发起人以外的人）后由审批人批准',
        steps: [
          {
            name: '工程审核',
            mode: 'any',
            approvers: [
              { kind: 'role', id: roleId(ROLE_NAMES.engineer) },
              { kind: 'role', id: roleId(ROLE_NAMES.reviewer) },
            ],
          },
          { name: '批准', mode: 'any', approvers: [{ kind: 'role', id: roleId(ROLE_NAMES.approver) }] },
        ],
      },
      ADMIN_USERNAME,
      tx,
    );
    const flow = saved.ok && (await approvals.lockFlow(saved.id, tx));
    if (flow) await approvals.setActive(flow, true, ADMIN_USERNAME, tx);
  }

  const initiator = people.get(ROLE_NAMES.engineer);
  const deciders = [people.get(ROLE_NAMES.reviewer), people.get(ROLE_NAMES.approver)];
  if (!initiator) return;
  const request = async (
    input: Omit<ChangeInput, 'condition' | 'matrix' | 'templateId' | 'equipmentId'>,
    decisions: string[],
  ) => {
    const id = await changes.create(
      { ...input, condition: null, matrix: null, templateId: null, equipmentId: null },
      initiator.id,
      tx,
    );
    const locked = await changes.lock(id, tx);
    if (decisions[0] === 'draft' || !locked) return;
    await submitDraft(locked, initiator.id, { changes, approvals }, tx);
    const [{ instanceId }] = await queryRows<{ instanceId: number }>(
      tx,
      sql`select id as "instanceId" from approval_instances where change_request_id = ${id}`,
    );
    for (const [step, comment] of decisions.slice(1).entries()) {
      const decision = comment.startsWith('驳回') ? 'reject' : 'approve';
      const actor = deciders[step];
      if (actor) await decideStep(instanceId, actor, decision, comment, { approvals, changes, conditions, matrix }, tx);
    }
  };
  const limitItems = (rows: { id: number; limitValue: number | null }[], factor: number): ChangeItemInput[] =>
    rows.map((row) => ({
      pointId: row.id,
      field: 'limitValue',
      after: Math.round((row.limitValue ?? 0) * factor * 100) / 100,
    }));

  await request(
    {
      title: '常减压温度高报限值上调',
      reason: '高报频繁触发，经工艺核算限值偏保守',
      riskLevel: 'medium',
      businessType: 'alarmChange',
      items: limitItems(await points(tx, 'CDU-TI', 'PVHI', 2), 1.03),
    },
    ['draft'],
  );
  await request(
    {
      title: '催化压缩机高高报优先级调整',
      reason: '高高报后果评估为设备损坏，优先级应为紧急',
      riskLevel: 'high',
      businessType: 'alarmChange',
      items: (await points(tx, 'FCC', 'PVHH', 1)).map((row) => ({
        pointId: row.id,
        field: 'priority',
        after: 'urgent',
      })),
    },
    ['submit'],
  );
  await request(
    {
      title: '加氢颤振报警增加死区和延时',
      reason: '颤振报警占报警总数的 20%',
      riskLevel: 'low',
      businessType: 'alarmChange',
      items: (await points(tx, 'HDS', 'PVHI', 2)).flatMap((row): ChangeItemInput[] => [
        { pointId: row.id, field: 'deadband', after: 2 },
        { pointId: row.id, field: 'onDelaySeconds', after: 10 },
      ]),
    },
    ['submit', '同意，死区按量程 2% 设置'],
  );
  await request(
    {
      title: '公用工程长时报警限值优化',
      reason: '长时报警在正常工况下持续存在，限值需按实际运行值调整',
      riskLevel: 'low',
      businessType: 'alarmChange',
      items: limitItems(await points(tx, 'UTL', 'PVHI', 2), 1.05),
    },
    ['submit', '工程审核通过', '批准实施'],
  );
  await request(
    {
      title: '取消常减压液位低报',
      reason: '低报与低低报重复',
      riskLevel: 'medium',
      businessType: 'alarmChange',
      items: (await points(tx, 'CDU-LI', 'PVLO', 1)).map((row) => ({
        pointId: row.id,
        field: 'enabled',
        after: false,
      })),
    },
    ['submit', '驳回：低报给操作员留出处置时间，不能取消'],
  );
}
