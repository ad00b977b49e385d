/** 异常报警配置 (/alarm/base/config): the KPI and detection settings, and detection on demand. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { envelope } from '../../../contract/http';
import { routePermission } from '../../auth/permissions';
import {
  type AbnormalSettings,
  defaultAbnormalSettings,
  SETTING_RANGES,
  settingsProblem,
} from '../../domain/abnormal/settings';
import { ABNORMAL_KINDS } from '../../domain/kpi/detection';
import { ApiError } from '../../errors';
import { currentUser } from '../../plugins/authentication';
import { createAbnormalRepository } from '../../repositories/abnormal';
import { ok } from '../reply';

const bounded = (name: keyof typeof SETTING_RANGES) =>
  Type.Integer({ minimum: SETTING_RANGES[name][0], maximum: SETTING_RANGES[name][1] });

const Settings = Type.Object(
  {
    kpi: Type.Object(
      {
        overloadThreshold: bounded('overloadThreshold'),
        floodStart: bounded('floodStart'),
        floodEnd: bounded('floodEnd'),
        chatterCount: bounded('chatterCount'),
        chatterSeconds: bounded('chatterSeconds'),
        fleetingSeconds: bounded('fleetingSeconds'),
        staleHours: bounded('staleHours'),
        frequentPerDay: bounded('frequentPerDay'),
      },
      { additionalProperties: false },
    ),
    rules: Type.Object(
      Object.fromEntries(ABNORMAL_KINDS.map((kind) => [kind, Type.Boolean()])) as Record<
        (typeof ABNORMAL_KINDS)[number],
        ReturnType<typeof Type.Boolean>
      >,
      { additionalProperties: false },
    ),
    floodContributorTop: bounded('floodContributorTop'),
  },
  { additionalProperties: false },
);

const SettingsAnswer = Type.Object({ settings: Settings, defaults: Settings });

const abnormalRoutes: FastifyPluginAsyncTypebox<{ plantTimeZone: string }> = async (app, { plantTimeZone }) => {
  const abnormal = createAbnormalRepository(app.database.db);

  app.get(
    '/alarm/base/config',
    {
      config: { permission: routePermission('/alarm/base/config', 'view') },
      schema: { response: { 200: envelope(SettingsAnswer) } },
    },
    async () => ok({ settings: await abnormal.settings(), defaults: defaultAbnormalSettings() }),
  );

  app.put(
    '/alarm/base/config',
    {
      config: { permission: routePermission('/alarm/base/config', 'edit') },
      schema: { body: Settings, response: { 200: envelope(SettingsAnswer) } },
    },
    async (request) => {
      const value = request.body as AbnormalSettings;
      const problem = settingsProblem(value);
      if (problem) throw new ApiError(400, 1, problem);
      const saved = await app.database.db.transaction((tx) =>
        abnormal.saveSettings(value, currentUser(request).username, tx),
      );
      return ok({ settings: saved, defaults: defaultAbnormalSettings() });
    },
  );

  app.post(
    '/alarm/base/config/detect',
    {
      config: { permission: routePermission('/alarm/base/config', 'edit') },
      schema: { response: { 200: envelope(Type.Object({ findings: Type.Integer(), open: Type.Integer() })) } },
    },
    async () => {
      const { findings } = await app.database.db.transaction((tx) => abnormal.detect(plantTimeZone, undefined, tx));
      return ok({ findings, open: await abnormal.openCount() });
    },
  );
};

export default abnormalRoutes;
