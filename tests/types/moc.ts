/**
 * Type-level tests of the MOC endpoints (多工况管理, 变更管理, 审批配置), checked by `npm run typecheck`:
 * a call its route would refuse, or a read of a field it does not return, does not compile. Never run,
 * only compiled.
 */
import { call } from '@/services/http';

export async function wrongMocCalls() {
  // @ts-expect-error submit takes no body: the draft is submitted as saved
  await call('POST /alarm/op/update/:id/submit', { params: { id: 1 }, body: { comment: 'x' } });

  // @ts-expect-error a change request names its business type
  await call('POST /alarm/op/update', { body: { title: 't', reason: 'r', riskLevel: 'low' } });

  await call('POST /alarm/op/update', {
    body: {
      title: 't',
      reason: 'r',
      riskLevel: 'low',
      businessType: 'alarmChange',
      // @ts-expect-error a change item's field outside the vocabulary
      items: [{ pointId: 1, field: 'setpoint', after: 1 }],
    },
  });

  // @ts-expect-error a switch names the unit as well as the condition
  await call('POST /alarm/op/working/switch', { body: { conditionId: 2 } });

  // @ts-expect-error the units are not paged: no query
  await call('GET /alarm/op/working/units', { query: { current: 1 } });

  await call('POST /alarm/base/examine/config', {
    // @ts-expect-error a flow's step mode outside the vocabulary
    body: { name: 'f', businessType: 'alarmChange', active: true, steps: [{ name: 's', mode: 'some', approvers: [] }] },
  });

  // @ts-expect-error the flows list filters by business type and name, not by status
  await call('GET /alarm/base/examine/config', { query: { status: 'pending' } });

  // @ts-expect-error a matrix change proposes the matrix itself, not items
  await call('POST /alarm/base/type/matrix', { body: { reason: 'r', riskLevel: 'low', items: [] } });

  await call('POST /alarm/op/update/from-suggestions', {
    // @ts-expect-error the suggested priorities come from the matrix: the body names points, not targets
    body: { pointIds: [1], priority: 'high' },
  });

  const condition = await call('GET /alarm/op/working/:id', { params: { id: 1 } });
  // @ts-expect-error a condition answers its overrides, not its switches
  condition.switches;
}

export async function rightMocCalls() {
  const draft = await call('POST /alarm/op/update', {
    body: {
      title: 't',
      reason: 'r',
      riskLevel: 'low',
      businessType: 'alarmChange',
      items: [{ pointId: 1, field: 'priority', after: 'high' }],
    },
  });
  const submitted = await call('POST /alarm/op/update/:id/submit', { params: { id: draft.id } });
  return submitted.approvalDetail?.steps[0].approvers[0].name;
}
