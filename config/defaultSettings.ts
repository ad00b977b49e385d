import type { ProLayoutProps } from '@ant-design/pro-components';

/** Page settings defaults (docs/original-console.md §3). */
const defaultSettings: ProLayoutProps & { pwa: boolean } = {
  navTheme: 'light',
  colorPrimary: '#1890ff',
  layout: 'mix',
  contentWidth: 'Fluid',
  fixedHeader: false,
  fixSiderbar: true,
  colorWeak: false,
  title: '报警优化管理平台',
  pwa: true,
};

export default defaultSettings;
