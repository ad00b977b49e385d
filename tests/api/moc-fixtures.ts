/** A plant, people and flows for the change-management API tests (conditions, changes, approvals, flows). */

import { sql } from 'drizzle-orm';
import type { Response } from 'light-my-request';
import { afterAll, beforeAll, expect } from 'vitest';
import { queryRows } from '../../server/repositories/raw-sql';
import { ROLE_NAMES } from '../../server/seed/roles';
import { build, SLOW, type TestApp, type TestUser } from './helpers';

const JOURNAL = ['FIC-101', 'FIC-102', 'TIC-201'].flatMap((tag, index) => [
  {
    time: `2026-01-05T08:0${index}:00Z`,
    tag,
    condition: 'PVHI',
    event: 'ALM',
    priority: 'low',
    console: '一号台',
    unit: index < 2 ? '常减压' : '催化',
  },
]);

export interface MocFixture {
  engineer: TestUser;
  engineer2: TestUser;
  approver: TestUser;
  admin: TestUser;
  viewer: TestUser;
  points: Record<string, number>;
  units: Record<string, number>;
  roleIds: Record<string, number>;
  call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, as: TestUser, payload?: object): Promise<Response>;
}

/** Points FIC-101, FIC-102 (unit 常减压) and TIC-201 (催化); users by role; a two-step flow per business type, activated. */
export async function mocFixture(t: TestApp): Promise<MocFixture> {
  const feeder = await t.createUser({ permissions: ['alarm-mock-view'] });
  const fed = await t.app.inject({
    method: 'POST',
    url: '/api/alarm/mock/events',
    headers: feeder.authorization,
    payload: JOURNAL,
  });
  expect(fed.json()).toMatchObject({ code: 0 });
  const { db } = t.database;
  const points = await queryRows<{ id: number; tag: string }>(db, sql`select id, tag from alarm_points`);
  const units = await queryRows<{ id: number; name: string }>(db, sql`select id, name from units`);
  const roles = await queryRows<{ id: number; name: string }>(db, sql`select id, name from roles`);
  const fixture: MocFixture = {
    engineer: await t.createUser({ roles: [ROLE_NAMES.engineer] }),
    engineer2: await t.createUser({ roles: [ROLE_NAMES.engineer] }),
    approver: await t.createUser({ roles: [ROLE_NAMES.approver] }),
    admin: await t.createUser({ roles: [ROLE_NAMES.admin] }),
    viewer: await t.createUser({ permissions: ['alarm-approve-list-view', 'alarm-op-update-view'] }),
    points: Object.fromEntries(points.map((row) => [row.tag, row.id])),
    units: Object.fromEntries(units.map((row) => [row.name, row.id])),
    roleIds: Object.fromEntries(roles.map((row) => [row.name, row.id])),
    call: (method, url, as, payload) =>
      t.app.inject({ method, url: `/api${url}`, headers: as.authorization, ...(payload ? { payload } : {}) }),
  };
  for (const businessType of ['alarmChange', 'operatingCondition', 'templateApplication', 'priorityMatrix']) {
    const created = await fixture.call('POST', '/alarm/base/examine/config', fixture.admin, {
      name: `${businessType} 流程`,
      businessType,
      steps: [
        { name: '工程审核', mode: 'any', approvers: [{ kind: 'role', id: fixture.roleIds[ROLE_NAMES.engineer] }] },
        { name: '批准', mode: 'any', approvers: [{ kind: 'role', id: fixture.roleIds[ROLE_NAMES.approver] }] },
      ],
    });
    expect(created.json()).toMatchObject({ code: 0 });
    const activated = await fixture.call(
      'POST',
      `/alarm/base/examine/config/${created.json().data.id}/activate`,
      fixture.admin,
    );
    expect(activated.json()).toMatchObject({ code: 0 });
  }
  return fixture;
}

/** The pending approval of a change request, by its id. */
export async function approvalOf(fixture: MocFixture, changeId: number): Promise<number> {
  const response = await fixture.call('GET', `/alarm/op/update/${changeId}`, fixture.viewer);
  return response.json().data.approval.approvalId;
}

/**
 * A fresh app with the fixture for the enclosing `describe`: both objects are filled in before its first
 * test, and the app is closed after its last.
 */
export function useMocFixture(): { t: TestApp; f: MocFixture } {
  const t = {} as TestApp;
  const f = {} as MocFixture;
  beforeAll(async () => {
    Object.assign(t, await build());
    Object.assign(f, await mocFixture(t));
  }, SLOW);
  afterAll(() => t.close?.());
  return { t, f };
}
