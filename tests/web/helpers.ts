import { createHistory } from '@@/core/history';
import { createPluginManager } from '@@/core/plugin';
import { message, notification } from 'antd';
import { setupServer } from 'msw/node';

/** Registers the runtime of src/app.tsx so `request` runs through our interceptors, with a router history. */
export function startAppRuntime(): void {
  createPluginManager();
  createHistory({ type: 'browser' });
}

/** One msw server per test file; handlers are added per test. */
export function mockApi() {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    message.destroy();
    notification.destroy();
  });
  afterAll(() => server.close());
  return server;
}
