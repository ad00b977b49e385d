/**
 * The alarm-point search of the change forms (发起变更 and 新建工况): points with their current settings
 * and versions, under the permission of the page that asks.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { changeEndpoints } from '../../../contract/changes';
import type { conditionEndpoints } from '../../../contract/conditions';
import type { Permission } from '../../auth/permissions';
import { routeOf } from '../endpoint';
import { ok } from '../reply';

export function registerPointSearch(
  app: FastifyInstance,
  endpoint: typeof changeEndpoints.points | typeof conditionEndpoints.points,
  permission: Permission,
): void {
  app.withTypeProvider<TypeBoxTypeProvider>().route({
    ...routeOf(endpoint),
    config: { permission },
    handler: async (request) => {
      const { current, pageSize, ...query } = request.query;
      return ok(await app.repositories.changes.points(query, { current, pageSize }));
    },
  });
}
