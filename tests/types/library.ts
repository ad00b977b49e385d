/**
 * Wrong calls of the alarm library and settings areas (library, abnormal list, templates, evaluation,
 * dictionaries, permission, userinfo) that must not compile; checked by `npx tsc --noEmit`, never run.
 */
import { call } from '@/services/http';

export async function wrongCalls() {
  // @ts-expect-error 处置 takes a note: leaving the body out does not compile
  await call('POST /alarm/bases/list/:id/handle', { params: { id: 1 } });

  // @ts-expect-error an edit sends the version it was loaded with
  await call('PUT /alarm/bases/list/:id', { params: { id: 1 }, body: { description: 'x' } });

  // @ts-expect-error a priority outside the vocabulary
  await call('GET /alarm/bases/list', { query: { priority: 'critical' } });

  // @ts-expect-error a sort the list does not offer
  await call('GET /alarm/bases/list', { query: { sortField: 'description' } });

  // @ts-expect-error an abnormal record ends only as 已处置 or 已忽略
  await call('PUT /alarm/bases/abnormal/:id', { params: { id: 1 }, body: { status: '未处置', note: '' } });

  // @ts-expect-error an evaluation needs its template
  await call('GET /alarm/op/evaluate', { query: { unitId: 1 } });

  await call('POST /alarm/template/list', {
    body: {
      name: 'x',
      equipmentType: 'y',
      // @ts-expect-error a template item's limit mode outside the vocabulary
      items: [{ condition: 'PVHI', priority: 'high', limitMode: 'relative' }],
    },
  });

  await call('PUT /alarm/base/priorities/:id', {
    params: { id: 1 },
    // @ts-expect-error a priority's code is fixed: the edit takes name, colour and order only
    body: { code: 'high', name: '高', color: '#ff0000', sortOrder: 1 },
  });

  // @ts-expect-error a new user needs a username
  await call('POST /permission/users', { body: { name: '张三', roleIds: [] } });

  // @ts-expect-error userinfo takes no query
  await call('POST /userinfo', { query: { id: 1 } });

  const point = await call('GET /alarm/bases/list/:id', { params: { id: 1 } });
  // @ts-expect-error a field the detail does not return
  point.point.owner;

  const roles = await call('GET /permission/roles');
  // @ts-expect-error roles answer their holders' count, not the holders
  roles[0].users;
}

export async function rightCalls() {
  const page = await call('GET /alarm/bases/list', { query: { priority: 'urgent', sortField: 'tag' } });
  const closed = await call('POST /alarm/bases/list/:id/handle', {
    params: { id: page.list[0].id },
    body: { note: '已处理' },
  });
  return closed.closed;
}
