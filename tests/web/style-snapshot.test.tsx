import { createCache, StyleProvider } from '@ant-design/cssinjs';
import { render } from '@testing-library/react';
import { Button, Tag } from 'antd';
import type React from 'react';
import { keepStyles } from '@/utils/keepStyles';
import { restoreStyles, SNAPSHOT_STYLE_ATTR, STYLE_SNAPSHOT_KEY } from '@/utils/styleSnapshot';

/** Renders `node` with antd building its styles into `cache`. */
function renderInto(cache: ReturnType<typeof createCache>, node: React.ReactNode) {
  return render(<StyleProvider cache={cache}>{node}</StyleProvider>);
}

const stored = () => JSON.parse(localStorage.getItem(STYLE_SNAPSHOT_KEY) ?? 'null');

afterEach(() => {
  localStorage.clear();
  for (const style of document.head.querySelectorAll(`style[${SNAPSHOT_STYLE_ATTR}]`)) style.remove();
});

describe("antd's style snapshot", () => {
  it('keeps the styles a page built, with the build and the map of their paths', () => {
    const cache = createCache();
    renderInto(cache, <Button type="primary">保存</Button>);
    keepStyles('build-a', localStorage, cache);
    const snapshot = stored();
    expect(snapshot.build).toBe('build-a');
    expect(snapshot.css).toContain('.ant-btn');
    expect(snapshot.paths).toMatch(/\|Button-Button\|ant-btn\|[^:;]+:\w+/);
  });

  it('adds only what was built since, and starts again for another build', () => {
    const cache = createCache();
    const { rerender } = renderInto(cache, <Button>保存</Button>);
    keepStyles('build-a', localStorage, cache);
    const first = stored();
    rerender(
      <StyleProvider cache={cache}>
        <Button>保存</Button>
        <Tag>高</Tag>
      </StyleProvider>,
    );
    keepStyles('build-a', localStorage, cache);
    const second = stored();
    expect(second.css.startsWith(first.css)).toBe(true);
    expect(second.css.slice(first.css.length)).toContain('.ant-tag');
    expect(second.css.slice(first.css.length)).not.toContain('.ant-btn{');
    expect(second.paths.split(';')).toEqual(expect.arrayContaining(first.paths.split(';')));

    const other = createCache();
    renderInto(other, <Tag>低</Tag>);
    keepStyles('build-b', localStorage, other);
    expect(stored().build).toBe('build-b');
    expect(stored().css).not.toContain('.ant-btn');
  });

  it("restores the running build's snapshot first in the head, and no other build's", () => {
    const cache = createCache();
    renderInto(cache, <Button>保存</Button>);
    keepStyles('build-a', localStorage, cache);

    expect(restoreStyles('build-b')).toBe(false);
    expect(document.head.querySelector(`style[${SNAPSHOT_STYLE_ATTR}]`)).toBeNull();

    expect(restoreStyles('build-a')).toBe(true);
    const restored = document.head.firstElementChild as HTMLStyleElement;
    expect(restored.hasAttribute(SNAPSHOT_STYLE_ATTR)).toBe(true);
    expect(restored.textContent).toContain('.ant-btn');
    expect(restored.textContent).toContain(`.data-ant-cssinjs-cache-path{content:"${stored().paths}";}`);
  });

  it('leaves no snapshot behind when the storage is full, and ignores an unreadable one', () => {
    const full = {
      getItem: (key: string) => localStorage.getItem(key),
      removeItem: (key: string) => localStorage.removeItem(key),
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    } as unknown as Storage;
    localStorage.setItem(STYLE_SNAPSHOT_KEY, '{"build":"build-a","css":".x{}","paths":"p:h"}');
    const cache = createCache();
    renderInto(cache, <Button>保存</Button>);
    keepStyles('build-a', full, cache);
    expect(localStorage.getItem(STYLE_SNAPSHOT_KEY)).toBeNull();

    localStorage.setItem(STYLE_SNAPSHOT_KEY, 'not json');
    expect(restoreStyles('build-a')).toBe(false);
  });
});
