/**
 * `GET /api/alarm/op/update/:id/audit`: one request's audit workbook (docs/api.md, "Change requests") —
 * 变更单 (the request), 流转记录 (every transition: when, what, from → to, who, comment) and 变更项 (each
 * item's value before, its target and the applied result; a condition request lists its overrides, a matrix
 * request what it changes, line by line).
 */

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  BUSINESS_TYPE_LABELS,
  CHANGE_ACTION_LABELS,
  CHANGE_FIELD_LABELS,
  CHANGE_STATUS_LABELS,
  RISK_LEVEL_LABELS,
} from '../../../common/moc';
import { matrixDifferences, NO_ALARM_LABEL } from '../../../common/priorityMatrix';
import { changeEndpoints } from '../../../contract/changes';
import type { ConditionOverride, Person, SettingValue } from '../../../contract/moc';
import type { ChangeStatus } from '../../../contract/vocabulary';
import type { Permission } from '../../auth/permissions';
import { type CellValue, sendWorkbook, timeCell } from '../../export/xlsx';
import { changeAudit } from '../../use-cases/changes/audit';
import { routeOf } from '../endpoint';

const personText = (person: Person) => `${person.name}（${person.username}）`;
const statusText = (status: ChangeStatus | null) => (status ? CHANGE_STATUS_LABELS[status] : null);
const settingCell = (value: SettingValue): CellValue =>
  typeof value === 'boolean' ? (value ? '启用' : '停用') : value;

/** An override as one line: the settings it sets under the condition, values as `shown` writes them. */
function overrideText(override: ConditionOverride, shown: (value: SettingValue) => SettingValue): string {
  const parts = (['enabled', 'limitValue', 'priority', 'deadband', 'onDelaySeconds', 'offDelaySeconds'] as const)
    .filter((field) => override[field] !== null)
    .map((field) => `${CHANGE_FIELD_LABELS[field]}=${settingCell(shown(override[field])) ?? ''}`);
  return parts.join('，') || '沿用基础设置';
}

interface ItemRow {
  tag: string;
  condition: string;
  unit: string | null;
  field: string;
  before: CellValue;
  after: CellValue;
  result: string;
  appliedAt: string | null;
}

export function registerChangeAudit(app: FastifyInstance, permission: Permission): void {
  app.withTypeProvider<TypeBoxTypeProvider>().route({
    ...routeOf(changeEndpoints.audit),
    config: { permission },
    handler: async (request, reply) => {
      const { change, items, shown } = await changeAudit(request.params.id, app.repositories);
      const summary: [string, CellValue][] = [
        ['编号', change.id],
        ['标题', change.title],
        ['业务类型', BUSINESS_TYPE_LABELS[change.businessType]],
        ['风险等级', RISK_LEVEL_LABELS[change.riskLevel]],
        ['状态', CHANGE_STATUS_LABELS[change.status]],
        ['发起人', personText(change.initiator)],
        ['变更原因', change.reason],
        ['装置', change.unit],
        ['模板', change.template],
        ['审批流程', change.approval?.flowName ?? null],
        ['创建时间', timeCell(change.createdAt)],
        ['提交时间', timeCell(change.submittedAt)],
        ['结束时间', timeCell(change.endedAt)],
        ['实施时间', timeCell(change.appliedAt)],
        ['归档时间', timeCell(change.archivedAt)],
        ['冲突', change.conflicts.map((conflict) => conflict.message).join('\n') || null],
      ];
      const result = `${change.status === 'applied' ? '已实施' : '未实施'}：${CHANGE_STATUS_LABELS[change.status]}`;
      const matrixRows = (matrix: NonNullable<typeof change.matrix>): ItemRow[] =>
        matrixDifferences(matrix.before, matrix.after, (suggestion) =>
          suggestion === 'noAlarm' ? NO_ALARM_LABEL : String(shown(suggestion)),
        ).map((line) => ({
          tag: '—',
          condition: '—',
          unit: null,
          field: '优先级矩阵',
          before: null,
          after: line,
          result,
          appliedAt: change.appliedAt,
        }));
      const itemRows: ItemRow[] = change.matrix
        ? matrixRows(change.matrix)
        : change.condition
          ? change.condition.overrides.map((override) => ({
              tag: override.tag,
              condition: override.condition,
              unit: change.condition?.unit ?? null,
              field: `工况「${change.condition?.name}」覆盖`,
              before: null,
              after: overrideText(override, shown),
              result,
              appliedAt: change.appliedAt,
            }))
          : items.map((item) => ({
              tag: item.tag,
              condition: item.condition,
              unit: item.unit,
              field: CHANGE_FIELD_LABELS[item.field],
              before: settingCell(item.before),
              after: settingCell(item.after),
              result: item.result,
              appliedAt: item.appliedAt,
            }));
      return sendWorkbook<[[string, CellValue], (typeof change.transitions)[number], ItemRow]>(reply, {
        fileStem: `change-${change.id}-audit`,
        sheets: [
          {
            sheetName: '变更单',
            rows: summary,
            columns: [
              { header: '项目', value: ([label]) => label, width: 12 },
              { header: '内容', value: ([, value]) => value, width: 60 },
            ],
          },
          {
            sheetName: '流转记录',
            rows: change.transitions.map((transition, index) => ({ ...transition, id: index + 1 })),
            columns: [
              { header: '序号', value: (row) => row.id, width: 6 },
              { header: '时间', value: (row) => timeCell(row.at), width: 20 },
              { header: '动作', value: (row) => CHANGE_ACTION_LABELS[row.action], width: 16 },
              { header: '原状态', value: (row) => statusText(row.from), width: 10 },
              { header: '新状态', value: (row) => statusText(row.to), width: 10 },
              { header: '操作人', value: (row) => personText(row.actor), width: 24 },
              { header: '意见', value: (row) => row.comment, width: 50 },
            ],
          },
          {
            sheetName: '变更项',
            rows: itemRows.map((row, index) => ({ ...row, index: index + 1 })),
            columns: [
              { header: '序号', value: (row) => (row as ItemRow & { index: number }).index, width: 6 },
              { header: '位号', value: (row) => row.tag, width: 20 },
              { header: '报警类型', value: (row) => row.condition, width: 12 },
              { header: '装置', value: (row) => row.unit },
              { header: '变更项', value: (row) => row.field, width: 16 },
              { header: '变更前', value: (row) => row.before },
              { header: '目标值', value: (row) => row.after, width: 24 },
              { header: '实施结果', value: (row) => row.result, width: 40 },
              { header: '实施时间', value: (row) => timeCell(row.appliedAt), width: 20 },
            ],
          },
        ],
      });
    },
  });
}
