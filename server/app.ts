/**
 * The API server as a Fastify instance: external plugins, then our own plugins, then the routes under
 * `/api`, then the SPA. `server.ts` starts it; tests and the dev mock drive it with `inject`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { type AppConfig, MEMORY_DATA_DIR } from './config';
import type { OpenDatabase } from './db';
import authentication from './plugins/authentication';
import changeNotices from './plugins/change-notices';
import collector from './plugins/collector';
import { errorHandler, notFoundHandler } from './plugins/errors';
import partitions from './plugins/partitions';
import rawInput from './plugins/raw-input';
import repositories from './plugins/repositories';
import routePermissions from './plugins/route-permissions';
import securityHeaders from './plugins/security-headers';
import staticSpa from './plugins/static-spa';
import abnormalAlarmRoutes from './routes/abnormal-alarms';
import approvalRoutes from './routes/approvals';
import boardRoutes from './routes/boards';
import targetRoutes from './routes/boards/targets';
import changeRoutes from './routes/changes';
import conditionRoutes from './routes/conditions';
import dictionaryRoutes from './routes/dictionaries';
import evaluationRoutes from './routes/evaluation';
import flowRoutes from './routes/flows';
import healthRoutes from './routes/health';
import journalRoutes from './routes/journal';
import kpiRoutes from './routes/kpi';
import kpiSettingsRoutes from './routes/kpi-settings';
import libraryRoutes from './routes/library';
import permissionRoutes from './routes/permission';
import sourceRoutes from './routes/sources';
import templateRoutes from './routes/templates';
import userinfoRoutes from './routes/userinfo';

export interface BuildAppOptions {
  config: AppConfig;
  database: OpenDatabase;
  /** Fastify's logger: off unless given. Request URLs are logged with every `token` parameter blanked out (`redactedUrl`). */
  logger?: boolean | Exclude<FastifyServerOptions['logger'], boolean | undefined>;
}

/** JSON bodies; uploads get their own, larger limit on their routes. */
export const BODY_LIMIT = 1_048_576;

/** A key that decodes to `token` in any case: the browser decodes `%74oken` and signs in with it. */
function isTokenKey(key: string): boolean {
  try {
    return decodeURIComponent(key.replaceAll('+', ' ')).toLowerCase() === 'token';
  } catch {
    return false;
  }
}

/** The URL as logged: the value of every `token` parameter, however its key is spelt, blanked out. */
export function redactedUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const pairs = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const key = pair.split('=', 1)[0];
      return isTokenKey(key) ? `${key}=[redacted]` : pair;
    });
  return `${url.slice(0, start)}?${pairs.join('&')}`;
}

function loggerOptions(logger: BuildAppOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  return {
    ...(logger === true ? {} : logger),
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: redactedUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
  };
}

export async function buildApp({ config, database, logger }: BuildAppOptions) {
  const app = Fastify({
    logger: loggerOptions(logger),
    bodyLimit: BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true },
    // Addresses the router cannot decode (a bad % escape, an overlong parameter) get the envelope too.
    frameworkErrors: errorHandler,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('plantTimeZone', config.plantTimeZone);
  await app.register(securityHeaders, { avatarBaseUrl: config.avatarBaseUrl });
  await app.register(routePermissions);
  await app.register(repositories, { database });
  await app.register(changeNotices);
  await app.register(partitions, { retentionMonths: config.journalRetentionMonths });
  await app.register(authentication);
  await app.register(rawInput);
  app.setErrorHandler(errorHandler);

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(userinfoRoutes, { prefix: '/api', avatarBaseUrl: config.avatarBaseUrl });
  const plant = { prefix: '/api', plantTimeZone: config.plantTimeZone };
  await app.register(kpiRoutes, plant);
  // What an xlsx upload may unpack to, on both file imports.
  const unpack = { maxUnpackedBytes: config.importMaxUnpackedMb * 1024 * 1024, maxRatio: config.importMaxRatio };
  await app.register(journalRoutes, { ...plant, unpack });
  await app.register(kpiSettingsRoutes, plant);
  await app.register(boardRoutes, plant);
  await app.register(targetRoutes, { prefix: '/api' });
  await app.register(permissionRoutes, { prefix: '/api', tokenTtlHours: config.tokenTtlHours });
  await app.register(dictionaryRoutes, { prefix: '/api' });
  await app.register(libraryRoutes, { prefix: '/api', unpack });
  await app.register(abnormalAlarmRoutes, { prefix: '/api' });
  await app.register(templateRoutes, { prefix: '/api' });
  await app.register(evaluationRoutes, { prefix: '/api' });
  await app.register(conditionRoutes, { prefix: '/api' });
  await app.register(changeRoutes, { prefix: '/api' });
  await app.register(approvalRoutes, { prefix: '/api' });
  await app.register(flowRoutes, { prefix: '/api' });
  // 数据采集: the collector starts when the app is ready and stops when it closes.
  const { dropDir, collectorPollMs: pollMs, plantTimeZone: timeZone, sourceSecretKey } = config;
  const certificateDir =
    config.dataDir === MEMORY_DATA_DIR
      ? path.join(os.tmpdir(), 'alarm-console-opcua-pki')
      : path.join(config.dataDir, 'opcua-pki');
  await app.register(collector, { dropDir, pollMs, timeZone, unpack, sourceSecretKey, certificateDir });
  await app.register(sourceRoutes, { ...plant, dropDir });

  const spa = fs.existsSync(config.staticDir);
  if (spa) await app.register(staticSpa, { root: config.staticDir });
  app.setNotFoundHandler(notFoundHandler(spa));

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
