import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeIndex } from '../../common/routes';
import type { OpenDatabase } from '../../server/db';
import { alarmTypes, priorities, roles, systemTypes, userRoles, users } from '../../server/db/schema';
import { queryRows } from '../../server/repositories/raw-sql';
import { createRolesRepository } from '../../server/repositories/roles';
import { seedDatabase } from '../../server/seed';
import { ROLE_NAMES } from '../../server/seed/roles';
import { openTestDatabase, SLOW } from './helpers';

describe('first-start seeding', { timeout: SLOW }, () => {
  let database: OpenDatabase;

  beforeAll(async () => {
    database = await openTestDatabase();
  }, SLOW);
  afterAll(() => database?.close());

  const permissionsOf = async (name: string) =>
    (await createRolesRepository(database.db).findByName(name))?.permissions ?? [];

  it('seeds the roles and admin once, reporting the first start', async () => {
    expect(await seedDatabase(database.db, { demo: true })).toEqual({ firstStart: true });
    expect(await seedDatabase(database.db, { demo: true })).toEqual({ firstStart: false });

    expect((await database.db.select().from(roles)).map((role) => role.name)).toEqual([
      ROLE_NAMES.admin,
      ROLE_NAMES.engineer,
      ROLE_NAMES.operator,
      ROLE_NAMES.approver,
      ROLE_NAMES.reviewer,
    ]);
    // The demo plant's people fill the seeded flows' steps, one role per step.
    expect((await database.db.select().from(users)).map((user) => [user.username, user.name])).toEqual([
      ['admin', '管理员'],
      ['eng', '报警工程师'],
      ['reviewer', '审核员'],
      ['approver', '批准人'],
    ]);
    expect(await database.db.select().from(userRoles)).toHaveLength(4);
  });

  it('seeds a demo plant of a few hundred rationalized alarm points in four units', async () => {
    const [plant] = await queryRows<{ points: number; units: number; rationalized: number; journaled: number }>(
      database.db,
      sql`select count(*)::int as points, count(distinct unit_id)::int as units,
            count(*) filter (where cause <> '' and consequence <> '' and operator_response <> '')::int as rationalized,
            (select count(distinct point_id)::int from alarm_events) as journaled
          from alarm_points`,
    );
    expect(plant).toEqual({ points: 330, units: 4, rationalized: 330, journaled: 330 });
  });

  it('seeds about a third of the points with complete rationalization records, some mismatching', async () => {
    const [records] = await queryRows<{
      complete: number;
      mismatching: number;
      confirmed: number;
      unjustified: number;
    }>(
      database.db,
      sql`select count(*) filter (where rationalization_complete)::int as complete,
            count(*) filter (where suggested_priority <> priority)::int as mismatching,
            count(*) filter (where rationalization_status = '已确认')::int as confirmed,
            count(*) filter (where rationalization_status = '已确认' and (not rationalization_complete
              or (suggested_priority <> priority and justification = '')))::int as unjustified
          from alarm_points`,
    );
    expect(records.complete).toBeGreaterThan(80);
    expect(records.complete).toBeLessThan(140);
    expect(records.mismatching).toBeGreaterThan(5);
    expect(records.confirmed).toBeGreaterThan(records.complete / 2);
    // Every confirmed point may be confirmed under the rule of docs/domain.md.
    expect(records.unjustified).toBe(0);
  });

  it("seeds the base dictionaries once, keeping an administrator's edits", async () => {
    const codes = async () =>
      (await database.db.select().from(alarmTypes).orderBy(alarmTypes.sortOrder)).map((t) => t.code);
    expect(await codes()).toEqual(['PVHI', 'PVHH', 'PVLO', 'PVLL', 'DEV', 'ROC', 'BAD', 'DISC']);
    await database.db.update(alarmTypes).set({ name: '高限报警' }).where(eq(alarmTypes.code, 'PVHI'));
    await seedDatabase(database.db, { demo: false });
    const pvhi = await database.db.select().from(alarmTypes).where(eq(alarmTypes.code, 'PVHI'));
    expect(pvhi[0].name).toBe('高限报警');
    expect(await codes()).toHaveLength(8);
    expect((await database.db.select().from(systemTypes)).map((t) => t.code)).toEqual([
      'DCS',
      'SIS',
      'GDS',
      'CCS',
      'PLC',
    ]);
    const shares = (await database.db.select().from(priorities)).map((p) => [p.code, p.name, p.targetShare]);
    expect(shares).toEqual([
      ['urgent', '紧急', 1],
      ['high', '高', 5],
      ['medium', '中', 15],
      ['low', '低', 80],
    ]);
  });

  it('gives the roles the permission sets of docs/domain.md', async () => {
    const views = routeIndex.permissions.filter((permission) => permission.endsWith('-view'));
    const admin = await createRolesRepository(database.db).findByName(ROLE_NAMES.admin);
    expect(admin).toMatchObject({ isAdmin: true, permissions: routeIndex.permissions });

    const engineer = await permissionsOf(ROLE_NAMES.engineer);
    expect(engineer).toEqual(expect.arrayContaining(views));
    expect(engineer).toEqual(
      expect.arrayContaining([
        'alarm-bases-list-edit',
        'alarm-bases-list-confirm',
        'alarm-template-list-create',
        'alarm-op-update-delete',
        'alarm-op-working-edit',
      ]),
    );
    expect(engineer).not.toContain('permission-edit');
    expect(engineer).not.toContain('alarm-approve-list-revoke');

    expect(await permissionsOf(ROLE_NAMES.operator)).toEqual([
      'alarm-board-over-view',
      'alarm-board-performance-view',
      'alarm-board-eq-view',
      'alarm-bases-list-view',
      'alarm-bases-abnormal-view',
      'alarm-op-system-run-view',
    ]);

    const approver = await permissionsOf(ROLE_NAMES.approver);
    expect(approver).toEqual([...views, 'alarm-approve-list-revoke', 'alarm-approve-list-delete'].sort(byTable));
    expect(await permissionsOf(ROLE_NAMES.reviewer)).toEqual(approver);
  });

  it('leaves an administrator’s edits to a seeded role alone', async () => {
    await database.db.update(roles).set({ permissions: ['alarm-board-over-view'] });
    await seedDatabase(database.db, { demo: false });
    expect(await permissionsOf(ROLE_NAMES.operator)).toEqual(['alarm-board-over-view']);
  });
});

function byTable(a: string, b: string): number {
  return routeIndex.permissions.indexOf(a) - routeIndex.permissions.indexOf(b);
}

describe('a demo ending at SEED_DEMO_UNTIL', { timeout: SLOW }, () => {
  const until = new Date('2026-06-01T02:00:00Z');
  let database: OpenDatabase;

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedDatabase(database.db, { demo: true, demoUntil: until });
  }, SLOW);
  afterAll(() => database?.close());

  it('ends its journal there and dates its people, approvals and change requests up to it', async () => {
    const [dates] = await queryRows<Record<string, string | null>>(
      database.db,
      sql`select (select max(time) from alarm_events)::text as "lastEvent",
                 (select max(greatest(created_at, updated_at, submitted_at, ended_at, applied_at))
                    from change_requests)::text as "lastChange",
                 (select min(applied_at) from change_requests)::text as "firstApplied",
                 (select max(decided_at) from approval_decisions)::text as "lastDecision",
                 (select max(created_at) from users)::text as "lastUser"`,
    );
    const at = (name: string) => new Date(dates[name] as string).getTime();
    const hour = 3_600_000;
    for (const name of ['lastEvent', 'lastChange', 'firstApplied', 'lastDecision', 'lastUser']) {
      expect(at(name), name).toBeLessThanOrEqual(until.getTime());
      expect(at(name), name).toBeGreaterThan(until.getTime() - hour);
    }
  });
});
