/**
 * The alarm-point search of the change forms (发起变更 and 新建工况): points with their current settings
 * and versions, under the permission of the page that asks.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { envelope, pageOf } from '../../../contract/http';
import { ChangeablePoint, PointQuery } from '../../../contract/moc';
import type { Permission } from '../../auth/permissions';
import { ok } from '../reply';

export function registerPointSearch(app: FastifyInstance, path: string, permission: Permission): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    `${path}/points`,
    {
      config: { permission },
      schema: { querystring: PointQuery, response: { 200: envelope(pageOf(ChangeablePoint)) } },
    },
    async (request) => {
      const { current, pageSize, ...query } = request.query;
      return ok(await app.repositories.changes.points(query, { current, pageSize }));
    },
  );
}
