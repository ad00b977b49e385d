/**
 * Every `/api` route declares what it needs in `config.permission`; registering one that does not,
 * or that names a permission the route table does not declare, throws and so fails start-up and tests.
 */
import type { FastifyPluginAsync, HTTPMethods } from 'fastify';
import fp from 'fastify-plugin';
import { isDeclaredPermission, type RoutePermission } from '../auth/permissions';

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: RoutePermission;
  }
  interface FastifyInstance {
    /** The `/api` routes with their permissions, in registration order (HEAD twins left out). */
    apiRoutes: ApiRoute[];
  }
}

export interface ApiRoute {
  method: HTTPMethods;
  url: string;
  permission: RoutePermission;
  /** The JSON schemas of the body, the query string and the path parameters, when the route validates them. */
  body?: unknown;
  query?: unknown;
  params?: unknown;
  /** The JSON schemas of the answers by status, when the route describes them (the mocks' contract test). */
  response?: Record<string, unknown>;
}

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

const routePermissions: FastifyPluginAsync = async (app) => {
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url)) return;
    const permission = route.config?.permission;
    if (permission === undefined) {
      throw new Error(`${route.method} ${route.url} declares no permission: set config.permission`);
    }
    if (permission !== 'public' && permission !== 'authenticated' && !isDeclaredPermission(permission)) {
      throw new Error(`${route.method} ${route.url} needs "${permission}", which the route table does not declare`);
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== 'HEAD')
        apiRoutes.push({
          method,
          url: route.url,
          permission,
          body: route.schema?.body,
          query: route.schema?.querystring,
          params: route.schema?.params,
          response: route.schema?.response as Record<string, unknown> | undefined,
        });
    }
  });
};

export default fp(routePermissions, { name: 'route-permissions' });
