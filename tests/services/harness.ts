/**
 * The SPA's typed clients against the real server: every `/api` request a client makes in the test
 * goes through the request plugin and our interceptors, then msw hands it to the real app in process
 * (Fastify `inject`, in-memory embedded database seeded with the demo plant, as `npm run dev` does).
 * A 4xx or 5xx answer rejects the call, so a test fails unless it expects the refusal.
 */
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import type { InProcessApi } from '../../server/dev/in-process';
import { startInProcessApi } from '../../server/dev/in-process';
import { setToken } from '../../src/utils/session';
import { startAppRuntime } from '../web/helpers';

/** Starting the app and seeding the demo plant takes seconds. */
export const START = 120_000;

export function realServer(): { api: () => InProcessApi } {
  let api: InProcessApi | undefined;
  const server = setupServer(
    http.all('*/api/*', async ({ request }) => {
      if (!api) throw new Error('the in-process API is not started');
      const url = new URL(request.url);
      const payload = request.method === 'GET' ? undefined : Buffer.from(await request.arrayBuffer());
      const answer = await api.app.inject({
        method: request.method as 'GET',
        url: `${url.pathname}${url.search}`,
        headers: Object.fromEntries(request.headers),
        ...(payload?.length ? { payload } : {}),
      });
      const headers = new Headers();
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value !== undefined && name !== 'content-length' && name !== 'transfer-encoding') {
          headers.set(name, String(value));
        }
      }
      return new HttpResponse(new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers });
    }),
  );
  startAppRuntime();
  beforeAll(async () => {
    api = await startInProcessApi({ SEED_DEMO: '1' });
    server.listen({ onUnhandledRequest: 'error' });
  }, START);
  beforeEach(() => {
    if (api) setToken(api.adminToken);
  });
  afterAll(async () => {
    server.close();
    await api?.app.close();
  });
  return {
    api: () => {
      if (!api) throw new Error('the in-process API is not started');
      return api;
    },
  };
}

/** The names of a client module's functions: each must be called by the module's suite. */
export function functionsOf(client: Record<string, unknown>): string[] {
  return Object.entries(client)
    .filter(([, value]) => typeof value === 'function')
    .map(([name]) => name)
    .sort();
}

/** An export's address (`pathOf`) answers an xlsx file to the administrator. */
export async function expectXlsx(api: InProcessApi, path: string): Promise<void> {
  const answer = await api.app.inject({
    method: 'GET',
    url: `/api${path}`,
    headers: { authorization: `Bearer ${api.adminToken}` },
  });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toContain('spreadsheetml');
}
