/**
 * Typed calls of a standard list endpoint (api.md): `GET path` (paged), `POST path`, `PUT path/:id`,
 * `DELETE path/:id`, `GET path/export`. A page's `service.ts` makes one per list it shows.
 */
import { request } from '@umijs/max';
import type { Envelope, Page, PageQuery } from './api';

export interface CrudService<Row, Body> {
  /** The export endpoint below `/api`, for `ExportButton`. */
  exportPath: string;
  list(query: PageQuery & Record<string, unknown>): Promise<Page<Row>>;
  create(body: Body): Promise<Row>;
  update(id: number, body: Body): Promise<Row>;
  remove(id: number): Promise<void>;
}

export function crudService<Row, Body>(path: string): CrudService<Row, Body> {
  return {
    exportPath: `${path}/export`,
    list: async (params) => (await request<Envelope<Page<Row>>>(path, { method: 'GET', params })).data,
    create: async (data) => (await request<Envelope<Row>>(path, { method: 'POST', data })).data,
    update: async (id, data) => (await request<Envelope<Row>>(`${path}/${id}`, { method: 'PUT', data })).data,
    remove: async (id) => {
      await request<Envelope<unknown>>(`${path}/${id}`, { method: 'DELETE' });
    },
  };
}
