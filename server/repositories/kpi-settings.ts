/**
 * 异常报警配置's settings: the KPI parameters and the detection rules (docs/domain.md), stored as one JSON
 * value; anything missing or invalid in it reads as the defaults.
 */
import { sql } from 'drizzle-orm';
import type { AbnormalSettings } from '../../contract/kpiSettings';
import type { Executor } from '../db';
import { resolveAbnormalSettings } from '../domain/abnormal/settings';
import { recomputePoints } from './journal';
import { forgetPeriodFigures } from './period-figures';
import { queryRows } from './raw-sql';

const SETTINGS_KEY = 'abnormal';

export async function readKpiSettings(tx: Executor): Promise<AbnormalSettings> {
  const [row] = await queryRows<{ value: unknown }>(tx, sql`select value from settings where key = ${SETTINGS_KEY}`);
  return resolveAbnormalSettings(row?.value);
}

export function createKpiSettingsRepository(db: Executor) {
  return {
    read: (tx: Executor = db) => readKpiSettings(tx),

    /** Saves the settings; a new chatterCount changes the stored chattering runs, so they are recomputed. */
    async save(value: AbnormalSettings, username: string, tx: Executor = db): Promise<AbnormalSettings> {
      const before = await readKpiSettings(tx);
      await tx.execute(sql`
        insert into settings (key, value, updated_by, updated_at) values (${SETTINGS_KEY}, ${JSON.stringify(value)}::jsonb, ${username}, now())
        on conflict (key) do update set value = excluded.value, updated_by = excluded.updated_by, updated_at = now()`);
      // Figures kept under other settings are never read again; a new chatterCount changes every period's.
      await forgetPeriodFigures(tx);
      if (before.kpi.chatterCount !== value.kpi.chatterCount) {
        const points = await queryRows<{ id: number }>(tx, sql`select distinct point_id as id from alarm_point_states`);
        await recomputePoints(
          tx,
          points.map((point) => point.id),
          value.kpi.chatterCount,
        );
      }
      return value;
    },
  };
}

export type KpiSettingsRepository = ReturnType<typeof createKpiSettingsRepository>;
