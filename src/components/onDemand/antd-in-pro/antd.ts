/**
 * antd as ProComponents' cards, page header, table toolbar and column setting see it: their tabs show only
 * when a page asks for tabs, and the column setting's tree only inside its popover, so both come when drawn.
 */
import { lazyPart } from '../lazyPart';

export * from 'antd';

const loadTabs = () => import('antd/es/tabs');
export const Tabs = Object.assign(lazyPart(loadTabs), {
  TabPane: lazyPart(() => loadTabs().then((tabs) => ({ default: tabs.default.TabPane }))),
});
export const Tree = lazyPart(() => import('antd/es/tree'));
