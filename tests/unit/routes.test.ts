import { describe, expect, it } from 'vitest';
import { pageRight, rightLabel } from '../../common/pageRights';
import {
  filterMenu,
  firstPermittedPage,
  groupLanding,
  indexRoutes,
  isPathAllowed,
  type MenuItem,
  matchRoute,
  mayDrawPath,
  permissionString,
  permissionTree,
  requirePermission,
  routeIndex,
  routeKey,
} from '../../common/routes';
import routes, { type AppRoute } from '../../config/routes';

/** The menu ProLayout builds from the table: routes with a name, not hidden, nested like the table. */
function menuOf(table: AppRoute[]): MenuItem[] {
  return table
    .filter((route) => route.name && !route.hideInMenu && route.layout !== false)
    .map((route) => ({ path: route.path, name: route.name, children: menuOf(route.routes ?? []) }));
}

const menu = menuOf(routes);
const names = (items: MenuItem[]): unknown[] => items.map((item) => item.name);

describe('route keys and permission strings (docs/original-console.md §6)', () => {
  it('drops the first slash and turns the other slashes into dashes', () => {
    expect(routeKey('/alarm/board/over')).toBe('alarm-board-over');
    expect(routeKey('/permission')).toBe('permission');
    expect(permissionString('/alarm/board/over', 'view')).toBe('alarm-board-over-view');
  });

  it('lists every action the table declares, once', () => {
    const { permissions } = routeIndex;
    expect(new Set(permissions).size).toBe(permissions.length);
    expect(permissions).toContain('alarm-bases-list-confirm');
    expect(permissions).toContain('alarm-approve-list-revoke');
    expect(permissions).toContain('permission-edit');
    expect(permissions.filter((p) => p.endsWith('-view'))).toHaveLength(21);
    expect(permissions).toHaveLength(53);
  });

  it('refuses a permission the table does not declare', () => {
    expect(requirePermission('/alarm/bases/list', 'handle')).toBe('alarm-bases-list-handle');
    expect(() => requirePermission('/alarm/board/over', 'edit')).toThrow(/no action "edit"/);
    expect(() => requirePermission('/nowhere', 'view')).toThrow();
  });
});

describe('always-allowed and hidden paths', () => {
  it('are exactly the seed list, and the response manual added to it', () => {
    expect(routeIndex.alwaysAllowedPaths.sort()).toEqual(
      [
        '/',
        '*',
        '/403',
        '/404',
        '/alarm/base/examine/config2',
        '/alarm/base/examine/config2/child',
        '/alarm/template2/list',
        '/alarm/template2/list/create',
        '/alarm/template2/list/edit',
        '/alarm/op2/working/create',
        '/alarm/op3',
        '/alarm/op3/update',
        '/alarm/bases/list/manual',
      ].sort(),
    );
  });

  it('keeps hidden and layout-less pages out of the menu', () => {
    const paths = JSON.stringify(menu);
    for (const hidden of ['config2', 'template2', 'op2', 'op3', 'manual', '/403', '/404']) {
      expect(paths).not.toContain(hidden);
    }
  });

  it('redirects the alias paths', () => {
    const redirects = Object.fromEntries(
      routes
        .flatMap((route) => [route, ...(route.routes ?? [])])
        .filter((route) => route.redirect)
        .map((route) => [route.path, route.redirect]),
    );
    expect(redirects).toEqual({
      '/alarm/template': '/alarm/template/list',
      '/alarm/template2/list': '/alarm/template/list',
      '/alarm/op': '/alarm/op/working',
      '/alarm/op3': '/alarm/op/update',
      '/alarm/base': '/alarm/base/type',
      '/alarm/base/examine/config2': '/alarm/base/examine/config',
    });
  });

  it('orders the menu as docs/architecture.md ("Screens") does', () => {
    expect(names(menu)).toEqual([
      '报警看板',
      '报警库',
      '报警模板',
      '优化管理',
      '审批管理',
      '基础配置',
      '模拟',
      '权限配置',
    ]);
    expect(names(menu[3].children ?? [])).toEqual([
      '多工况管理',
      '变更管理',
      '系统运行看板',
      '系统改进看板',
      '模板评估',
      '对比优化看板',
      '优化目标设置',
    ]);
  });
});

describe('menu filter', () => {
  it('shows everything to a user holding every permission', () => {
    expect(filterMenu(menu, routeIndex.permissions)).toEqual(menu);
  });

  it('keeps a child the user may view and drops the others', () => {
    const filtered = filterMenu(menu, ['alarm-board-over-view', 'alarm-bases-list-edit']);
    expect(names(filtered)).toEqual(['报警看板']);
    expect(names(filtered[0].children ?? [])).toEqual(['报警总览']);
  });

  it('needs the view permission for level-1 items', () => {
    expect(names(filterMenu(menu, ['permission-edit']))).toEqual([]);
    expect(names(filterMenu(menu, ['permission-view', 'alarm-mock-view']))).toEqual(['模拟', '权限配置']);
  });

  it('removes a group whose children are all filtered out', () => {
    const filtered = filterMenu(menu, ['alarm-approve-list-view']);
    expect(names(filtered)).toEqual(['审批管理']);
  });

  it('keeps an always-allowed group and children even without permissions', () => {
    const table: AppRoute[] = [
      { path: '/help', name: '帮助', routes: [{ path: '/help/about', name: '关于', component: './About' }] },
      { path: '/g', name: '组', routes: [{ path: '/g/a', name: 'A', component: './A', actions: ['view'] }] },
    ];
    const index = indexRoutes(table);
    expect(names(filterMenu(menuOf(table), [], index))).toEqual(['帮助']);
  });
});

describe('page guard', () => {
  it('allows always-allowed paths without any permission', () => {
    for (const path of ['/', '/403', '/404', '/alarm/op3/update', '/alarm/base/examine/config2/child']) {
      expect(isPathAllowed(path, [])).toBe(true);
    }
  });

  it('allows a permitted page and refuses the others', () => {
    expect(isPathAllowed('/alarm/board/over', ['alarm-board-over-view'])).toBe(true);
    expect(isPathAllowed('/alarm/board/over/', ['alarm-board-over-view'])).toBe(true);
    expect(isPathAllowed('/permission', ['alarm-board-over-view'])).toBe(false);
    expect(isPathAllowed('/alarm/bases/list', ['alarm-bases-list-edit'])).toBe(false);
  });

  it('allows a path present in the filtered menu', () => {
    expect(isPathAllowed('/alarm/board', [], [{ path: '/alarm/board', children: [] }])).toBe(true);
    expect(isPathAllowed('/alarm/board', [])).toBe(false);
  });

  it('lets the layout draw anything but a page the user may not open', () => {
    const over = ['alarm-board-over-view'];
    expect(mayDrawPath('/alarm/board/over', over)).toBe(true);
    expect(mayDrawPath('/permission', over)).toBe(false);
    expect(mayDrawPath('/alarm/op', over)).toBe(true);
    expect(mayDrawPath('/alarm/op3/update', [])).toBe(true);
    expect(mayDrawPath('/no/such/page', [])).toBe(true);
  });

  it('sends unknown paths to the 404 route', () => {
    expect(matchRoute('/no/such/page')?.path).toBe('*');
    expect(isPathAllowed('/no/such/page', [])).toBe(true);
  });
});

describe('hidden pages and the rights they need', () => {
  const rightOf = (path: string, search = '') => {
    const route = matchRoute(path);
    return route && pageRight(route, search);
  };

  it('names, beside each hidden page, the action it performs on the route it belongs to', () => {
    expect(rightOf('/alarm/template2/list/create')).toBe('alarm-template-list-create');
    expect(rightOf('/alarm/template2/list/edit', '?id=35')).toBe('alarm-template-list-edit');
    expect(rightOf('/alarm/op2/working/create')).toBe('alarm-op-working-create');
    expect(rightOf('/alarm/op2/working/create', '?id=4')).toBe('alarm-op-working-edit');
    // Reopening a draft change request edits that request, 变更管理's.
    expect(rightOf('/alarm/op2/working/create', '?change=7')).toBe('alarm-op-update-edit');
    expect(rightOf('/alarm/op3/update')).toBe('alarm-op-update-create');
    expect(rightOf('/alarm/op3/update', '?id=12')).toBe('alarm-op-update-edit');
    expect(rightOf('/alarm/base/examine/config2/child')).toBe('alarm-base-examine-config-create');
    expect(rightOf('/alarm/base/examine/config2/child', '?id=3')).toBe('alarm-base-examine-config-edit');
    expect(rightOf('/alarm/bases/list/manual', '?console=一号操作台')).toBe('alarm-bases-list-view');
  });

  it('asks nothing of the other routes, which stay as the seed has them', () => {
    expect(rightOf('/alarm/bases/list')).toBeUndefined();
    expect(rightOf('/403')).toBeUndefined();
    expect(isPathAllowed('/alarm/template2/list/edit', [])).toBe(true);
  });

  it('declares only rights the table declares', () => {
    for (const route of routeIndex.byPath.values()) {
      if (!route.performs) continue;
      expect(routeIndex.permissions).toContain(pageRight(route, ''));
      expect(routeIndex.permissions).toContain(pageRight(route, '?id=1'));
      expect(routeIndex.permissions).toContain(pageRight(route, '?change=1'));
    }
  });

  it('shows a right as the permission page does: the route and the action', () => {
    expect(rightLabel('alarm-template-list-edit')).toBe('模板列表 / 编辑');
    expect(rightLabel('permission-view')).toBe('权限配置 / 查看');
    expect(rightLabel('no-such-right')).toBe('no-such-right');
  });
});

describe('landing pages', () => {
  it('sends a group heading without a page to its first child the user may open', () => {
    const all = routeIndex.permissions;
    expect(groupLanding('/alarm/board', all)).toBe('/alarm/board/over');
    expect(groupLanding('/alarm/board', ['alarm-board-eq-view', 'alarm-board-performance-view'])).toBe(
      '/alarm/board/performance',
    );
    expect(groupLanding('/alarm/bases/', ['alarm-bases-abnormal-view'])).toBe('/alarm/bases/abnormal');
  });

  it('leaves pages, the seed aliases and groups with nothing the user may open alone', () => {
    expect(groupLanding('/alarm/board', ['alarm-bases-list-view'])).toBeUndefined();
    expect(groupLanding('/alarm/board/over', routeIndex.permissions)).toBeUndefined();
    expect(groupLanding('/alarm/op', routeIndex.permissions)).toBeUndefined();
  });

  it('takes the first page of the menu the user may open as home', () => {
    expect(firstPermittedPage(routeIndex.permissions)).toBe('/alarm/board/over');
    expect(firstPermittedPage(['alarm-base-system-view', 'alarm-op-update-view'])).toBe('/alarm/op/update');
    expect(firstPermittedPage(['permission-edit'])).toBeUndefined();
  });
});

describe('permission tree', () => {
  it('groups routes and their actions from the table', () => {
    const tree = permissionTree();
    expect(tree.map((node) => node.title)).toEqual(names(menu));
    const library = tree.find((node) => node.title === '报警库');
    expect(library?.children?.map((node) => node.title)).toEqual(['报警列表', '异常报警列表']);
    expect(library?.children?.[0].children?.map((node) => node.key)).toEqual([
      'alarm-bases-list-view',
      'alarm-bases-list-edit',
      'alarm-bases-list-remove',
      'alarm-bases-list-handle',
      'alarm-bases-list-confirm',
    ]);
    const leaves = JSON.stringify(tree).match(/"action":/g) ?? [];
    expect(leaves).toHaveLength(routeIndex.permissions.length);
  });
});
