/**
 * The SPA's typed clients against the real server: every `/api` request a client makes in the test
 * goes through the request plugin and our interceptors, then msw hands it to the real app in process
 * (Fastify `inject`, in-memory embedded database seeded with the demo plant, as `npm run dev` does).
 * A 4xx or 5xx answer rejects the call, so a test fails unless it expects the refusal.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import type { InProcessApi } from '../../server/dev/in-process';
import { startInProcessApi } from '../../server/dev/in-process';
import { download, type ExportParams, type ExportQuery, type ExportRoute } from '../../src/services/http';
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
export function functionsOf(client: object): string[] {
  return Object.entries(client)
    .filter(([, value]) => typeof value === 'function')
    .map(([name]) => name)
    .sort();
}

/**
 * A client module whose calls are noted: when the file's tests are done, every function of the module
 * must have been called, except those a browser test exercises instead (`inBrowser`: the function and
 * the e2e file that does, e.g. a multipart upload, which jsdom's FormData cannot send as a browser does).
 * A function added to a client without a test here thus fails its suite; tests/unit/service-calls.test.ts
 * checks that every client module is recorded by one.
 */
export function recorded<Client extends object>(
  client: Client,
  inBrowser: Partial<Record<keyof Client & string, `e2e/${string}.spec.ts`>> = {},
): Client {
  const called = new Set<string>();
  afterAll(() => {
    const browser = Object.entries(inBrowser).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    );
    const missing = browser.filter(([, spec]) => !existsSync(path.join(process.cwd(), spec)));
    expect(missing, 'browser tests named for the functions not called here').toEqual([]);
    expect(functionsOf(client)).toEqual([...new Set([...called, ...browser.map(([name]) => name)])].sort());
  });
  return new Proxy(client, {
    get(target, name: string) {
      const value = Reflect.get(target, name);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        called.add(name);
        return value(...args);
      };
    },
  });
}

/** An export downloaded as its page downloads it (src/services/http.ts `download`) is a workbook. */
export async function expectWorkbook<R extends ExportRoute>(
  route: R,
  query?: ExportQuery<R>,
  params?: ExportParams<R>,
): Promise<void> {
  const { workbook, rows } = await download(route, query, params);
  expect(workbook.type, route).toContain('spreadsheetml');
  expect(workbook.size, route).toBeGreaterThan(0);
  // The server says how many rows it wrote: the export toast reports it.
  expect(Number.isInteger(rows) && rows >= 0, route).toBe(true);
}
