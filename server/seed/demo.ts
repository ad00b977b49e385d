/**
 * The demo plant (SEED_DEMO, first start only): four units with equipment of several types, 330
 * alarm points with rationalization fields, and 30 days of simulated journal ending now (or at SEED_DEMO_UNTIL) —
 * with floods, bad actors, chattering, standing alarms and shelving — so every board and list has something true
 * to show.
 */
import { sql } from 'drizzle-orm';
import { type Severities, suggestedPriority } from '../../common/priorityMatrix';
import type { Priority, Scenario } from '../../contract/vocabulary';
import type { Executor } from '../db';
import { DEFAULT_PLANT_TIME_ZONE } from '../domain/kpi/types';
import { asJournalBatches, type SimulatedPoint, simulateJournal } from '../domain/simulator';
import { createRng } from '../domain/simulator/random';
import { ingestJournal } from '../repositories/ingest';
import { readPriorityMatrix } from '../repositories/matrix';
import { arrayParam, queryRows } from '../repositories/raw-sql';
import { seedDemoChanges, seedDemoConditions } from './demo-changes';
import { seedDemoTemplates } from './demo-templates';

const DAY = 86_400_000;
const DEMO_SEED = 20250101;

interface DemoUnit {
  name: string;
  code: string;
  console: string;
  scenario: Scenario;
  ratePerHour: number;
  equipment: [name: string, type: string][];
}

const DEMO_UNITS: DemoUnit[] = [
  {
    name: '常减压装置',
    code: 'CDU',
    console: '常减压操作台',
    scenario: 'mixed',
    ratePerHour: 14,
    equipment: [
      ['P-101A', '离心泵'],
      ['P-101B', '离心泵'],
      ['E-101', '换热器'],
      ['F-101', '加热炉'],
      ['T-101', '塔'],
      ['V-101', '储罐'],
      ['E-102', '换热器'],
    ],
  },
  {
    name: '催化裂化装置',
    code: 'FCC',
    console: '催化操作台',
    scenario: 'upset',
    ratePerHour: 16,
    equipment: [
      ['K-201', '压缩机'],
      ['P-201', '离心泵'],
      ['E-201', '换热器'],
      ['R-201', '反应器'],
      ['T-201', '塔'],
      ['P-202', '离心泵'],
    ],
  },
  {
    name: '加氢精制装置',
    code: 'HDS',
    console: '加氢操作台',
    scenario: 'chattering',
    ratePerHour: 8,
    equipment: [
      ['K-301', '压缩机'],
      ['P-301', '离心泵'],
      ['E-301', '换热器'],
      ['R-301', '反应器'],
      ['E-302', '换热器'],
    ],
  },
  {
    name: '公用工程',
    code: 'UTL',
    console: '加氢操作台',
    scenario: 'standing',
    ratePerHour: 5,
    equipment: [
      ['B-401', '锅炉'],
      ['P-401', '离心泵'],
      ['V-401', '储罐'],
      ['E-401', '换热器'],
    ],
  },
];

const MEASUREMENTS = [
  { prefix: 'TI', what: '温度', eu: '℃', limit: 350 },
  { prefix: 'PI', what: '压力', eu: 'MPa', limit: 2.5 },
  { prefix: 'FI', what: '流量', eu: 't/h', limit: 120 },
  { prefix: 'LI', what: '液位', eu: '%', limit: 80 },
];
/** Six instruments per equipment, every other one with a low alarm too: 15 alarm points each (330 in all). */
const MEASUREMENTS_PER_EQUIPMENT = 6;
const CONDITIONS = [
  { code: 'PVHI', label: '高', priority: 'low' as Priority },
  { code: 'PVHH', label: '高高', priority: 'high' as Priority },
  { code: 'PVLO', label: '低', priority: 'medium' as Priority },
];

/** A demo rationalization record: severities per category and the time to respond. */
interface DemoRecord {
  severities: Severities;
  minutes: number;
  /** Written when the configured priority differs from the suggestion and the point is confirmed. */
  justification: string;
  confirmed: boolean;
}

interface DemoPoint extends SimulatedPoint {
  equipment: string;
  limit: number;
  eu: string;
  record: DemoRecord | null;
}

/** Severities and a time whose suggestion (docs/domain.md, the default matrix) is the priority given. */
const RECORD_FOR: Record<Priority, { severities: Severities; minutes: number }> = {
  urgent: { severities: { people: 'severe', environment: 'major', asset: 'severe' }, minutes: 3 },
  high: { severities: { people: 'minor', environment: 'none', asset: 'major' }, minutes: 3 },
  medium: { severities: { people: 'none', environment: 'minor', asset: 'major' }, minutes: 10 },
  low: { severities: { people: 'none', environment: 'none', asset: 'minor' }, minutes: 20 },
};

/**
 * About a third of the points are rationalized; one in four of those suggests another priority than the
 * configured one (half of them justified and confirmed, half left 待确认), the others are confirmed.
 */
function demoRecord(priority: Priority, draw: number, rng: () => number): DemoRecord | null {
  if (draw >= 1 / 3) return null;
  if (rng() < 0.25) {
    const other: Priority = priority === 'low' ? 'high' : priority === 'urgent' ? 'high' : 'low';
    const justified = rng() < 0.5;
    return {
      ...RECORD_FOR[other],
      justification: justified ? '该报警在历史事件中曾提前预警，经合理化会议决定保留当前优先级' : '',
      confirmed: justified,
    };
  }
  return { ...RECORD_FOR[priority], justification: '', confirmed: true };
}

function demoPoints(unit: DemoUnit): DemoPoint[] {
  const rng = createRng(DEMO_SEED + unit.code.charCodeAt(0));
  // The records' own choices draw from a second sequence, so that the points' stay as they were.
  const recordRng = createRng(DEMO_SEED + 97 + unit.code.charCodeAt(0));
  const points: DemoPoint[] = [];
  unit.equipment.forEach(([equipment], e) => {
    for (let m = 0; m < MEASUREMENTS_PER_EQUIPMENT; m++) {
      const measurement = MEASUREMENTS[(e + m) % MEASUREMENTS.length];
      const tag = `${unit.code}-${measurement.prefix}${100 + e * 10 + m}`;
      for (const condition of CONDITIONS.slice(0, m % 2 ? 3 : 2)) {
        const priority: Priority = rng() < 0.02 ? 'urgent' : condition.priority;
        points.push({
          tag,
          condition: condition.code,
          priority,
          console: unit.console,
          unit: unit.name,
          description: `${equipment} ${measurement.what}${condition.label}`,
          equipment,
          limit:
            condition.code === 'PVLO'
              ? measurement.limit * 0.2
              : measurement.limit * (condition.code === 'PVHH' ? 1.1 : 1),
          eu: measurement.eu,
          record: demoRecord(priority, rng(), recordRng),
        });
      }
    }
  });
  return points;
}

/**
 * The points are in the library from the start of the demo journal, and their rationalization was confirmed
 * over its weeks (spread by their place in the unit's list), so that 系统改进看板's coverage rises over the month.
 */
async function seedPlant(tx: Executor, unit: DemoUnit, points: DemoPoint[], from: number): Promise<void> {
  const [{ unitId }] = await queryRows<{ unitId: number }>(
    tx,
    sql`insert into units (name) values (${unit.name}) on conflict (name) do update set name = excluded.name returning id as "unitId"`,
  );
  const [{ consoleId }] = await queryRows<{ consoleId: number }>(
    tx,
    sql`insert into consoles (name) values (${unit.console}) on conflict (name) do update set name = excluded.name returning id as "consoleId"`,
  );
  const equipment = await queryRows<{ id: number; name: string }>(
    tx,
    sql`insert into equipment (unit_id, name, equipment_type)
        select ${unitId}, n, t from unnest(${arrayParam(unit.equipment.map(([name]) => name))}::text[],
                                           ${arrayParam(unit.equipment.map(([, type]) => type))}::text[]) as x(n, t)
        returning id, name`,
  );
  const equipmentId = new Map(equipment.map((row) => [row.name, row.id]));
  const column = <T>(pick: (point: DemoPoint) => T) => arrayParam(points.map(pick));
  const { matrix } = await readPriorityMatrix(tx);
  const suggestion = (point: DemoPoint) =>
    point.record ? suggestedPriority(matrix, point.record.severities, point.record.minutes) : null;
  await tx.execute(sql`
    insert into alarm_points (tag, condition, description, unit_id, equipment_id, console_id, system_type, limit_value,
      engineering_unit, deadband, on_delay_seconds, off_delay_seconds, priority, alarm_class, cause, consequence,
      operator_response, max_response_minutes, severities, verification, justification, suggested_priority,
      rationalization_complete, rationalization_status, confirmed_by, confirmed_at, created_at, created_by, updated_by)
    select tag, cond, d, ${unitId}, eq, ${consoleId}, sys, lim, eu, lim * 0.02, 3, 3, pr, cls,
      d || '：工艺波动或仪表故障', '偏离操作范围，可能影响产品质量或设备安全', '核对现场仪表，调整相关回路，必要时降量',
      coalesce(minutes, case when pr in ('urgent', 'high') then 5 else 15 end), coalesce(sev, '{}'::jsonb),
      case when sev is not null then '趋势回到报警限以内，报警恢复' else '' end, just, sug, sev is not null,
      case when ok then '已确认' else '待确认' end, case when ok then 'admin' end,
      case when ok then to_timestamp(${from}::float8 / 1000) + (ordinality * 7 % 28 + 1) * interval '1 day' end,
      to_timestamp(${from}::float8 / 1000), 'seed', 'seed'
    from unnest(${column((p) => p.tag)}::text[], ${column((p) => p.condition)}::text[], ${column((p) => p.description)}::text[],
                ${column((p) => equipmentId.get(p.equipment))}::int[], ${column((p) => (p.priority === 'urgent' ? 'SIS' : 'DCS'))}::text[],
                ${column((p) => p.limit)}::float8[], ${column((p) => p.eu)}::text[], ${column((p) => p.priority)}::text[],
                ${column((p) => (p.priority === 'urgent' ? '安全' : p.condition === 'PVHH' ? '环保' : '一般'))}::text[],
                ${column((p) => p.record?.confirmed ?? false)}::boolean[],
                ${column((p) => p.record?.minutes ?? null)}::int[],
                ${column((p) => (p.record ? JSON.stringify(p.record.severities) : null))}::jsonb[],
                ${column((p) => p.record?.justification ?? '')}::text[], ${column(suggestion)}::text[])
      with ordinality as x(tag, cond, d, eq, sys, lim, eu, pr, cls, ok, minutes, sev, just, sug, ordinality)
    on conflict (tag, condition) do nothing`);
}

/**
 * A demo ending before now has what the seed wrote at the clock's time (its people, flows, change requests and their
 * approvals, the journal's batches) dated back with it, the latest at its end: applied changes fall inside its range.
 */
async function dateSeedBack(tx: Executor, until: number): Promise<void> {
  const columns = await queryRows<{ table: string; column: string }>(
    tx,
    sql`select c.relname as "table", a.attname as "column"
          from pg_attribute a join pg_class c on c.oid = a.attrelid
         where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' and not c.relispartition
           and a.attnum > 0 and not a.attisdropped and a.atttypid = 'timestamptz'::regtype
         order by 1, 2`,
  );
  // now() is the transaction's start: every stamp the seed took from the clock is at or after it.
  const [{ shiftMs }] = await queryRows<{ shiftMs: number }>(
    tx,
    sql`select (extract(epoch from clock_timestamp()) * 1000 - ${until})::float8 as "shiftMs"`,
  );
  for (const { table, column } of columns) {
    const stamp = sql.identifier(column);
    await tx.execute(
      sql`update ${sql.identifier(table)} set ${stamp} = ${stamp} - ${shiftMs} * interval '1 millisecond'
           where ${stamp} >= now()`,
    );
  }
}

export async function seedDemoData(tx: Executor, until?: number): Promise<void> {
  const now = until ?? Date.now();
  const to = Math.floor(now / 60_000) * 60_000;
  const from = to - 30 * DAY;
  const plants = DEMO_UNITS.map((unit) => ({ unit, points: demoPoints(unit) }));
  for (const { unit, points } of plants) await seedPlant(tx, unit, points, from);
  await seedDemoConditions(tx, to);
  for (const [index, { unit, points }] of plants.entries()) {
    const rows = simulateJournal({
      scenario: unit.scenario,
      points,
      from,
      to,
      ratePerHour: unit.ratePerHour,
      seed: DEMO_SEED + index,
    });
    await ingestJournal(tx, asJournalBatches(rows), {
      source: 'demo',
      label: `演示数据 · ${unit.name}`,
      createdBy: 'seed',
      timeZone: DEFAULT_PLANT_TIME_ZONE,
    });
  }
  await seedDemoTemplates(tx);
  await seedDemoChanges(tx);
  if (until) await dateSeedBack(tx, now);
}
