import '@testing-library/jest-dom/vitest';
import { act, cleanup, configure } from '@testing-library/react';
import { message, notification } from 'antd';
import { mutate } from 'swr';
import { afterEach } from 'vitest';

// Rendering a page with its charts takes seconds on a busy 2-core machine: the queries wait as long.
configure({ asyncUtilTimeout: 5000 });

// antd reads these browser APIs that jsdom lacks.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

// jsdom's Blob has no stream(), which msw needs to answer a `responseType: 'blob'` request.
if (!Blob.prototype.stream) {
  Blob.prototype.stream = function stream(this: Blob) {
    const blob = this;
    return new ReadableStream({
      async start(controller) {
        controller.enqueue(new Uint8Array(await blob.arrayBuffer()));
        controller.close();
      },
    });
  };
}

// A toast that a late answer opens after its test has ended would close itself on a timer once the test
// file's document is gone: in tests toasts stay until afterEach closes them.
message.config({ duration: 0 });
notification.config({ duration: 0 });

afterEach(async () => {
  cleanup();
  // antd's toasts live in React roots of their own that cleanup() leaves: close them inside act, so that
  // no toast timer renders after the test file's document is gone.
  await act(async () => {
    message.destroy();
    notification.destroy();
  });
  localStorage.clear();
  // Each test starts with SWR's cache empty: no answer, pending request or preload of another test is taken.
  await mutate(() => true, undefined, { revalidate: true });
});
