/**
 * Starts the console: open (and migrate) the database, seed it, serve SPA + API, and shut down cleanly
 * on SIGINT/SIGTERM so the data directory's lock is released.
 */
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db';
import { seedDatabase } from './seed';
import { ADMIN_USERNAME } from './seed/roles';
import { publicOrigin, signInLink } from './sign-in';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  const app = await buildApp({ config, database, logger: { level: config.logLevel } });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
    } finally {
      await database.close();
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      shutdown(signal).then(
        () => process.exit(0),
        (error) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }

  try {
    const { firstStart } = await seedDatabase(database.db, { demo: config.seedDemo, demoUntil: config.seedDemoUntil });
    await app.listen({ port: config.port, host: config.host });
    const lines = [`报警优化管理平台已启动：${publicOrigin(config)}`];
    if (firstStart || config.adminLink) {
      const admin = await app.repositories.users.findByUsername(ADMIN_USERNAME);
      if (admin) {
        const { token } = await app.repositories.tokens.issue(admin.id, config.tokenTtlHours);
        lines.push(`管理员登录链接（${config.tokenTtlHours} 小时内有效）：${signInLink(config, token)}`);
      }
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  } catch (error) {
    await shutdown('startup failure');
    throw error;
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
