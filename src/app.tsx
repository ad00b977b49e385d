import { EmptyRoute, routeModules } from '@@/plugin-startRoute/routeModules';
import { UserOutlined } from '@ant-design/icons';
import { filterMenu, groupLanding, isPathAllowed, type MenuItem, mayDrawPath } from '@common/routes';
import type { RequestConfig, RunTimeLayoutConfig } from '@umijs/max';
import { history } from '@umijs/max';
import { ConfigProvider } from 'antd';
import type React from 'react';
import defaultSettings from '../config/defaultSettings';
import ErrorBoundary from './components/ErrorBoundary';
import HeaderUser from './components/HeaderUser';
import LoadFailed from './components/LoadFailed';
import OfflineNotice from './components/OfflineNotice';
import { WaterMark } from './components/WaterMark';
import { requestConfig } from './requestErrorConfig';
import { bootstrapSession } from './services/bootstrap';
import { preloadFirstViewData } from './services/firstView';
import { type CurrentUser, fetchUserInfo } from './services/user';
import { appTheme } from './theme';
import { loadBuiltStyles } from './utils/builtStyles';
import { showForbidden } from './utils/forbidden';
import { loadStartRoute, openingPath, type RouteEntry } from './utils/startRoute';

// Only Umi runtime keys may be exported from this file; helpers live in services/ and utils/.

interface InitialState {
  currentUser?: CurrentUser;
  /** The user could not be loaded (server down, network): the page offers a retry instead of /403. */
  loadError?: Error;
  settings: typeof defaultSettings;
}

async function startSession(): Promise<InitialState> {
  try {
    const currentUser = await bootstrapSession({
      location: window.location,
      fetchUser: fetchUserInfo,
      goto: (path) => history.push(path),
      replaceAddress: (address) => window.history.replaceState(window.history.state, '', address),
      isOnline: () => navigator.onLine,
    });
    return { currentUser, settings: defaultSettings };
  } catch {
    // The request client has already said why (toast); 401/403 have already gone to /403.
    return { loadError: new Error('服务器暂时无法访问，请检查网络后重试'), settings: defaultSettings };
  }
}

/** The start-up's session, asked for before React's first render (getInitialState runs after it). */
let starting: Promise<InitialState> | undefined;

/** Umi's route table, as `patchRoutes` hands it over before `render`. */
let routeTable: { routes: Record<string, RouteEntry>; components: Record<string, unknown> } | undefined;

export function patchRoutes({
  routes,
  routeComponents,
}: {
  routes: Record<string, RouteEntry>;
  routeComponents: Record<string, unknown>;
}) {
  routeTable = { routes, components: routeComponents };
}

export function render(oldRender: () => void) {
  // A sign-in link's token is unproven: the user-info call alone decides on it (a bogus link makes one refused
  // call), and the first view's data is asked for once it is accepted.
  const signingIn = new URLSearchParams(window.location.search).has('token');
  starting = startSession();
  // After the session's token is stored: the first view's data comes with the code instead of after it.
  if (!signingIn) preloadFirstViewData(window.location);
  else void starting.then(({ currentUser }) => currentUser && preloadFirstViewData(window.location));
  // Before the first render: the styles built with the app (on a returning visit) and the start route's modules.
  const styles = loadBuiltStyles();
  if (!routeTable) {
    void styles.then(oldRender);
    return;
  }
  const { routes, components } = routeTable;
  const { pathname } = window.location;
  const opening = openingPath(pathname);
  void Promise.all([
    styles,
    loadStartRoute(pathname, routes, components, routeModules, EmptyRoute),
    // 首页 leads on at once: the page it leads to is loaded too.
    opening !== pathname && loadStartRoute(opening, routes, components, routeModules, EmptyRoute),
  ]).then(oldRender);
}

export function getInitialState(): Promise<InitialState> {
  const session = starting ?? startSession();
  // A later refresh of the initial state asks the server again.
  starting = undefined;
  return session;
}

type LayoutConfig = ReturnType<RunTimeLayoutConfig>;

function layoutOf(initialState: InitialState | undefined): LayoutConfig {
  const user = initialState?.currentUser;
  const loadError = initialState?.loadError;
  const permissions = user?.permission ?? [];
  let visibleMenu: MenuItem[] = [];
  return {
    ...initialState?.settings,
    // The menu is the route table: no `menu.request`, so never a loading menu while ProLayout's empty
    // request for one comes back (docs/performance.md, "No menu request").
    menu: { locale: false, loading: false },
    rightContentRender: false,
    logo: '/favicon.svg',
    avatarProps: {
      src: user?.avatar || undefined,
      icon: <UserOutlined />,
      title: user?.name,
      size: 'small',
      render: (_, avatar) => <HeaderUser>{avatar}</HeaderUser>,
    },
    menuDataRender: (menuData) => {
      visibleMenu = filterMenu(menuData as MenuItem[], permissions);
      return visibleMenu as typeof menuData;
    },
    onPageChange: (location) => {
      if (loadError || !location?.pathname) return;
      const landing = groupLanding(location.pathname, permissions);
      if (landing) history.replace(landing);
      else if (!isPathAllowed(location.pathname, permissions, visibleMenu)) showForbidden(location.pathname);
    },
    // The user's name over the whole content area, drawn with the layout's first frame (not each page's). A page
    // the guard refuses is not drawn: it would ask the server for what the user may not see before the guard's
    // redirect (the layout's page-change effect runs after the page's own).
    childrenRender: (children) => (
      <WaterMark content={user?.name}>
        {/* In the content area, below the fixed header. */}
        <OfflineNotice />
        {loadError ? (
          <LoadFailed title="无法加载用户信息" error={loadError} retry={() => window.location.reload()} />
        ) : (
          mayDrawPath(history.location.pathname, permissions) && children
        )}
      </WaterMark>
    ),
    ErrorBoundary,
  };
}

/** The layout built last, kept while the initial state is the same: ProLayout works out its menu again
 * whenever `menu` or `menuDataRender` is a new object, and the layout plugin asks on every render. */
let built: { state: InitialState | undefined; config: LayoutConfig } | undefined;

export const layout: RunTimeLayoutConfig = ({ initialState }) => {
  if (!built || built.state !== initialState) built = { state: initialState, config: layoutOf(initialState) };
  return built.config;
};

export const request: RequestConfig = requestConfig;

export function rootContainer(container: React.ReactNode) {
  return (
    <ConfigProvider theme={appTheme}>
      <ErrorBoundary>{container}</ErrorBoundary>
    </ConfigProvider>
  );
}
