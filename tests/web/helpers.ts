import { createHistory } from '@@/core/history';
import { createPluginManager } from '@@/core/plugin';
import { message, notification } from 'antd';
import type { RequestHandler } from 'msw';
import { type SetupServer, setupServer } from 'msw/node';
import { inject } from 'vitest';
import { answerProblems } from './contract';

/** Registers the runtime of src/app.tsx so `request` runs through our interceptors, with a router history. */
export function startAppRuntime(): void {
  createPluginManager();
  createHistory({ type: 'browser' });
}

/** Collects what is wrong with every JSON answer the server's mocks give (contract.ts), until taken. */
export function holdToContract(server: SetupServer): { take: () => Promise<string[]> } {
  const contracts = inject('routeContracts');
  const checks: Promise<string[]>[] = [];
  server.events.on('response:mocked', ({ request, response }) => {
    if (!response.headers.get('content-type')?.includes('json')) return;
    const { pathname } = new URL(request.url);
    checks.push(
      response
        .clone()
        .json()
        .then((body: unknown) => answerProblems(contracts, request.method, pathname, response.status, body)),
    );
  });
  return { take: async () => (await Promise.all(checks.splice(0))).flat() };
}

/**
 * One msw server per test file; handlers are added per test, `always` stay for every test of the file.
 * Every JSON answer the handlers give is held to the server's response schema for its route: a test
 * whose fixture drifted from the server fails, naming the field.
 */
export function mockApi(...always: RequestHandler[]) {
  const server = setupServer(...always);
  const contract = holdToContract(server);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(async () => {
    server.resetHandlers();
    message.destroy();
    notification.destroy();
    // Soft: the test fails, and the other after-hooks (the DOM cleanup) still run.
    expect.soft(await contract.take(), 'mock answers that differ from the server’s response schemas').toEqual([]);
  });
  afterAll(() => server.close());
  return server;
}

/**
 * Object URLs for the file's tests (jsdom has none): each Blob gets an address of its own; the returned
 * map reads a Blob back by its address while it is not revoked.
 */
export function objectUrls(): Map<string, Blob> {
  const blobs = new Map<string, Blob>();
  let made = 0;
  beforeEach(() => {
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      made += 1;
      const url = `blob:test/${made}`;
      blobs.set(url, blob as Blob);
      return url;
    };
    URL.revokeObjectURL = (url: string) => {
      blobs.delete(url);
    };
  });
  return blobs;
}
