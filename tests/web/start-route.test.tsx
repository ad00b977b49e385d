/** The route the app opens on, and its layouts, are started before React's first render. */
import { render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { startRouteComponents } from '@/utils/startRoute';

const routes = {
  '1': { id: '1', path: '/', redirect: '/alarm/board/over', parentId: 'layout' },
  '2': { id: '2', path: '/alarm/board', parentId: 'layout' },
  '3': { id: '3', path: '/alarm/board/over', parentId: '2' },
  '4': { id: '4', path: '/alarm/board/performance', parentId: '2' },
};

function lazyRoute(text: string) {
  const load = vi.fn(async () => ({
    default: ({ children }: { children?: React.ReactNode }) => (
      <div>
        {text}
        {children}
      </div>
    ),
  }));
  return { load, component: lazy(load) };
}

function routeComponents() {
  const parts = {
    layout: lazyRoute('布局'),
    '1': lazyRoute('首页'),
    '2': lazyRoute('看板'),
    '3': lazyRoute('报警总览'),
    '4': lazyRoute('报警性能看板'),
  };
  const components = Object.fromEntries(Object.entries(parts).map(([id, part]) => [id, part.component]));
  return { parts, components };
}

describe('starting the route the app opens on', () => {
  it('starts the page and every layout around it, and nothing else', () => {
    const { parts, components } = routeComponents();
    startRouteComponents('/alarm/board/over', routes, components);
    expect(parts['3'].load).toHaveBeenCalledTimes(1);
    expect(parts['2'].load).toHaveBeenCalledTimes(1);
    expect(parts.layout.load).toHaveBeenCalledTimes(1);
    expect(parts['1'].load).not.toHaveBeenCalled();
    expect(parts['4'].load).not.toHaveBeenCalled();
  });

  it('follows the start page’s redirect', () => {
    const { parts, components } = routeComponents();
    startRouteComponents('/', routes, components);
    expect(parts['3'].load).toHaveBeenCalledTimes(1);
    expect(parts['1'].load).not.toHaveBeenCalled();
  });

  it('a started route renders at once, without suspending, once its code is here', async () => {
    const { parts, components } = routeComponents();
    startRouteComponents('/alarm/board/over', routes, components);
    await Promise.all(['layout', '2', '3'].map((id) => parts[id as '3'].load.mock.results[0].value));
    const Layout = parts.layout.component;
    const Board = parts['2'].component;
    const Page = parts['3'].component;
    render(
      <Suspense fallback="加载中">
        <Layout>
          <Board>
            <Page />
          </Board>
        </Layout>
      </Suspense>,
    );
    expect(screen.getByText('报警总览')).toBeInTheDocument();
    expect(screen.queryByText('加载中')).not.toBeInTheDocument();
  });

  it('an unknown address starts nothing', () => {
    const { parts, components } = routeComponents();
    startRouteComponents('/nowhere', routes, components);
    for (const part of Object.values(parts)) expect(part.load).not.toHaveBeenCalled();
  });
});
