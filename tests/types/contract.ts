/**
 * Type-level tests of the one contract, checked by `npm run typecheck` (tsc fails when an expected error
 * no longer occurs): a call the route would refuse, or a read of a field it does not return, does not
 * compile. Never run, only compiled.
 */
import { call, upload } from '@/services/http';

export async function wrongCalls() {
  // @ts-expect-error revoke takes a body (the route validates an object): leaving it out does not compile
  await call('POST /alarm/approve/list/:id/revoke', { params: { id: 1 } });

  // @ts-expect-error a path parameter of the wrong type
  await call('GET /alarm/approve/list/:id', { params: { id: '1' } });

  // @ts-expect-error a body the route does not accept
  await call('POST /alarm/approve/list/:id/archive', { params: { id: 1 }, body: { reason: 'x' } });

  // @ts-expect-error a submitted request is never deleted: 审批管理 has no delete endpoint
  await call('DELETE /alarm/approve/list/:id', { params: { id: 1 } });

  // @ts-expect-error a query filter the route does not know
  await call('GET /alarm/approve/list', { query: { status: 'pending', owner: 'admin' } });

  // @ts-expect-error an enum value outside the vocabulary
  await call('GET /alarm/approve/list', { query: { scope: 'others' } });

  // @ts-expect-error an endpoint that does not exist
  await call('POST /alarm/approve/list/:id/cancel', { params: { id: 1 } });

  const approval = await call('GET /alarm/approve/list/:id', { params: { id: 1 } });
  // @ts-expect-error a field the route does not return
  approval.approverNames;
}

export async function rightCalls() {
  const page = await call('GET /alarm/approve/list', { query: { scope: 'mine' } });
  const revoked = await call('POST /alarm/approve/list/:id/revoke', { params: { id: page.list[0].id }, body: {} });
  return revoked.change.status;
}

/** A file goes only to an endpoint the contract marks `file: true`, and only through `upload`. */
export async function uploads(file: File) {
  // @ts-expect-error an upload endpoint is not called as JSON
  await call('POST /alarm/bases/list/import');

  // @ts-expect-error a JSON endpoint takes no file
  await upload('POST /alarm/approve/list/:id/revoke', file);

  // @ts-expect-error a query the import does not know
  await upload('POST /alarm/mock/import', file, { query: { batch: 1 } });

  const imported = await upload('POST /alarm/mock/import', file, { query: { job: 'job-12345678' } });
  // @ts-expect-error the journal import answers counts of events, not of points
  imported.created;
  return imported.imported + imported.duplicates;
}
