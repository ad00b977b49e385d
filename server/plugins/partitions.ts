/**
 * The journal's monthly partitions on PostgreSQL (server/db/partitions.ts): maintained before the node serves (the
 * first start partitions the tables), then every day. Nothing on the embedded database.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { type MaintenanceReport, maintainPartitions } from '../db/partitions';

const DAY_MS = 86_400_000;
/** A failed run (the database unreachable) is tried again this much later. */
const RETRY_MS = 600_000;

export interface PartitionsPluginOptions {
  retentionMonths?: number;
}

const partitions: FastifyPluginAsync<PartitionsPluginOptions> = async (app, { retentionMonths }) => {
  const { db, kind } = app.database;
  if (kind !== 'postgres') return;
  const told = (report: MaintenanceReport) => {
    if (report.created.length || report.dropped.length || report.deleted) app.log.info(report, 'journal partitions');
  };
  told(await maintainPartitions(db, { retentionMonths }));

  let timer: NodeJS.Timeout | undefined;
  const schedule = (ms: number) => {
    timer = setTimeout(run, ms);
    timer.unref();
  };
  // Another node may be importing or maintaining: this day's run then leaves it to that node.
  const run = () =>
    maintainPartitions(db, { retentionMonths }, { wait: false }).then(
      (report) => {
        told(report);
        schedule(DAY_MS);
      },
      (error: Error) => {
        app.log.warn({ err: error }, 'journal partition maintenance failed');
        schedule(RETRY_MS);
      },
    );
  schedule(DAY_MS);
  app.addHook('onClose', async () => clearTimeout(timer));
};

export default fp(partitions, { name: 'partitions', dependencies: ['repositories'] });
