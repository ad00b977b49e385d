/**
 * The route table: the one list of routes. Menu, route keys, permission strings, the access plugin,
 * the server's authorization and the permission page are all derived from it (common/routes.ts).
 *
 * Extra fields beside Umi's own:
 * - `actions`: the permission actions of the route (`<route-key>-<action>`); a menu route needs `view`.
 * - `level1`: a top-level menu item that is a page, not a group (needs its view permission).
 * - `performs`: on a hidden page, the action it performs on the route it belongs to (see `performing`).
 * Routes without actions (hidden helper pages, redirects, 403/404) are always allowed.
 */
export type RouteAction =
  | 'view'
  | 'create'
  | 'edit'
  | 'delete'
  | 'remove'
  | 'handle'
  | 'confirm'
  | 'revoke'
  | 'takeover';

/** The right a hidden page needs: an action of the route it belongs to. */
export interface PageRight {
  route: string;
  action: RouteAction;
  /** The action instead when the address names what the page opens (`?id=`): a page that creates or edits. */
  withId?: RouteAction;
  /**
   * The right instead when the address reopens a draft change request (`?change=`): the page then edits that
   * request, which is 变更管理's.
   */
  withChange?: { route: string; action: RouteAction };
}

export interface AppRoute {
  path: string;
  name?: string;
  icon?: string;
  component?: string;
  redirect?: string;
  routes?: AppRoute[];
  actions?: RouteAction[];
  level1?: boolean;
  performs?: PageRight;
  wrappers?: string[];
  hideInMenu?: boolean;
  layout?: false;
  access?: string;
}

const crud: RouteAction[] = ['view', 'create', 'edit', 'delete'];

/**
 * A hidden page that performs `right`: it opens for everyone, as the seed has it, but its wrapper shows 无权限
 * in place of the page, before the page asks the server for anything, to a user without that right.
 */
const performing = (right: PageRight, route: AppRoute): AppRoute => ({
  ...route,
  hideInMenu: true,
  performs: right,
  wrappers: ['@/components/PageRight'],
});

const routes: AppRoute[] = [
  // 首页: the first page the user may open (no redirect: the overview is not everyone's).
  { path: '/', component: './Home' },
  {
    path: '/alarm/board',
    name: '报警看板',
    icon: 'DashboardOutlined',
    routes: [
      { path: '/alarm/board/over', name: '报警总览', component: './Alarm/Board/Over', actions: ['view'] },
      {
        path: '/alarm/board/performance',
        name: '报警性能看板',
        component: './Alarm/Board/Performance',
        actions: ['view'],
      },
      { path: '/alarm/board/eq', name: '设备报警看板', component: './Alarm/Board/Equipment', actions: ['view'] },
    ],
  },
  {
    path: '/alarm/bases',
    name: '报警库',
    icon: 'DatabaseOutlined',
    routes: [
      {
        path: '/alarm/bases/list',
        name: '报警列表',
        component: './Alarm/Library/List',
        actions: ['view', 'edit', 'remove', 'handle', 'confirm'],
      },
      { path: '/alarm/bases/abnormal', name: '异常报警列表', component: './Alarm/Library/Abnormal', actions: ['view'] },
    ],
  },
  // An addition to the original console (README): the printable alarm response manual, read under the list's view.
  performing(
    { route: '/alarm/bases/list', action: 'view' },
    { path: '/alarm/bases/list/manual', name: '报警响应手册', component: './Alarm/Library/Manual' },
  ),
  {
    path: '/alarm/template',
    name: '报警模板',
    icon: 'ProfileOutlined',
    routes: [
      { path: '/alarm/template', redirect: '/alarm/template/list' },
      { path: '/alarm/template/list', name: '模板列表', component: './Alarm/Template/List', actions: crud },
    ],
  },
  { path: '/alarm/template2/list', redirect: '/alarm/template/list' },
  performing(
    { route: '/alarm/template/list', action: 'create' },
    { path: '/alarm/template2/list/create', name: '新建模板', component: './Alarm/Template/Edit' },
  ),
  performing(
    { route: '/alarm/template/list', action: 'edit' },
    { path: '/alarm/template2/list/edit', name: '编辑模板', component: './Alarm/Template/Edit' },
  ),
  {
    path: '/alarm/op',
    name: '优化管理',
    icon: 'ControlOutlined',
    routes: [
      { path: '/alarm/op', redirect: '/alarm/op/working' },
      { path: '/alarm/op/working', name: '多工况管理', component: './Alarm/Op/Conditions', actions: crud },
      {
        path: '/alarm/op/update',
        name: '变更管理',
        component: './Alarm/Op/Changes',
        // takeover: an administrator's 接管 of someone else's draft (docs/domain.md, MOC rules).
        actions: [...crud, 'takeover'],
      },
      { path: '/alarm/op/system/run', name: '系统运行看板', component: './Alarm/Op/SystemRun', actions: ['view'] },
      {
        path: '/alarm/op/system/improve',
        name: '系统改进看板',
        component: './Alarm/Op/SystemImprove',
        actions: ['view'],
      },
      { path: '/alarm/op/evaluate', name: '模板评估', component: './Alarm/Op/Evaluate', actions: ['view'] },
      { path: '/alarm/op/optimize', name: '对比优化看板', component: './Alarm/Op/Comparison', actions: ['view'] },
      { path: '/alarm/op/config', name: '优化目标设置', component: './Alarm/Op/Targets', actions: ['view'] },
    ],
  },
  performing(
    {
      route: '/alarm/op/working',
      action: 'create',
      withId: 'edit',
      withChange: { route: '/alarm/op/update', action: 'edit' },
    },
    { path: '/alarm/op2/working/create', name: '新建工况', component: './Alarm/Op/ConditionCreate' },
  ),
  { path: '/alarm/op3', redirect: '/alarm/op/update' },
  performing(
    { route: '/alarm/op/update', action: 'create', withId: 'edit' },
    { path: '/alarm/op3/update', name: '发起变更', component: './Alarm/Op/ChangeCreate' },
  ),
  {
    path: '/alarm/approve/list',
    name: '审批管理',
    icon: 'AuditOutlined',
    component: './Alarm/Approve',
    actions: ['view', 'revoke', 'delete'],
    level1: true,
  },
  {
    path: '/alarm/base',
    name: '基础配置',
    icon: 'SettingOutlined',
    routes: [
      { path: '/alarm/base', redirect: '/alarm/base/type' },
      { path: '/alarm/base/type', name: '报警类型', component: './Alarm/Settings/AlarmTypes', actions: crud },
      { path: '/alarm/base/system', name: '系统类型', component: './Alarm/Settings/SystemTypes', actions: crud },
      {
        path: '/alarm/base/examine/config',
        name: '审批配置',
        component: './Alarm/Settings/ApprovalFlows',
        actions: crud,
      },
      { path: '/alarm/base/config', name: '异常报警配置', component: './Alarm/Settings/AbnormalConfig', actions: crud },
      // An addition to the original console (README): collection from journal drop folders.
      { path: '/alarm/base/source', name: '数据采集', component: './Alarm/Settings/Sources', actions: crud },
    ],
  },
  {
    path: '/alarm/base/examine/config2',
    layout: false,
    hideInMenu: true,
    routes: [
      { path: '/alarm/base/examine/config2', redirect: '/alarm/base/examine/config' },
      performing(
        { route: '/alarm/base/examine/config', action: 'create', withId: 'edit' },
        {
          path: '/alarm/base/examine/config2/child',
          name: '审核流程配置',
          component: './Alarm/Settings/FlowEditor',
          layout: false,
        },
      ),
    ],
  },
  {
    path: '/alarm/mock',
    name: '模拟',
    icon: 'ExperimentOutlined',
    component: './Alarm/Journal',
    actions: ['view'],
    level1: true,
  },
  {
    path: '/permission',
    name: '权限配置',
    icon: 'TeamOutlined',
    component: './Permission',
    actions: ['view', 'edit'],
    level1: true,
  },
  { path: '/403', name: '无权限', component: './Exception/Forbidden', layout: false, hideInMenu: true },
  { path: '/404', name: '页面不存在', component: './Exception/NotFound', layout: false, hideInMenu: true },
  { path: '*', component: './Exception/NotFound', layout: false },
];

export default routes;
