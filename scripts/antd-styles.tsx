/**
 * `npm run build` step: antd's and ProComponents' styles of the shell and the first views, extracted at build
 * time into `dist/antd-styles.css` (docs/performance.md, "Styles built at build time"). The components are
 * rendered on the server with the app's theme and layout settings and `@ant-design/cssinjs`'s `extractStyle`
 * writes what they registered, with the map of style paths that tells antd in the browser which styles the
 * file already holds. A style missing here is built by antd in the browser as usual.
 *
 * Run with NODE_ENV=production: antd's development class names differ from the built app's.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { PageContainer, ProCard, ProLayout, ProTable } from '@ant-design/pro-components';
import {
  Alert,
  Avatar,
  Button,
  Card,
  Col,
  ConfigProvider,
  Dropdown,
  Empty,
  Input,
  Popconfirm,
  Row,
  Segmented,
  Select,
  Skeleton,
  Space,
  Spin,
  Statistic,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { renderToString } from 'react-dom/server';
import defaultSettings from '../config/defaultSettings';
import { appTheme } from '../src/theme';

/** The layout as Umi's layout plugin and src/app.tsx set it up. */
const { pwa: _pwa, ...layoutSettings } = defaultSettings;

function FirstViews() {
  return (
    <ProLayout
      route={{ path: '/', routes: [{ path: '/a', name: '看板', routes: [{ path: '/a/b', name: '总览' }] }] }}
      location={{ pathname: '/a/b' }}
      siderWidth={256}
      menu={{ locale: false, loading: false }}
      fixSiderbar
      fixedHeader
      {...layoutSettings}
      rightContentRender={false}
      logo="/favicon.svg"
      avatarProps={{
        title: '管理员',
        size: 'small',
        render: (_, avatar) => <Dropdown menu={{ items: [{ key: 'signOut', label: '退出登录' }] }}>{avatar}</Dropdown>,
      }}
    >
      <PageContainer extra={<Button>导出</Button>}>
        <Alert type="warning" showIcon message="提示" />
        <Space>
          <Segmented options={['24 小时', '7 天']} />
          <Select options={[{ value: 1, label: '全厂' }]} value={1} />
          <Avatar size="small">管</Avatar>
        </Space>
        <Row gutter={16}>
          <Col span={6}>
            <Card>
              <Statistic title="平均报警率" value={2.5} suffix="次/10分钟" />
              <Tag color="success">达标</Tag>
              <Tag color="red">紧急</Tag>
              <Tag color="#fa8c16">高报</Tag>
              <Typography.Text type="secondary">目标</Typography.Text>
            </Card>
          </Col>
          <Col span={18}>
            <ProCard title="趋势" bordered tooltip="说明">
              <Skeleton active />
              <Spin />
              <Empty />
            </ProCard>
          </Col>
        </Row>
        <Table size="small" columns={[{ title: '位号', dataIndex: 'tag' }]} dataSource={[{ key: 1, tag: 'FIC-101' }]} />
        <ProTable
          rowKey="tag"
          headerTitle="报警库"
          size="middle"
          columns={[
            { title: '位号', dataIndex: 'tag', sorter: true },
            { title: '优先级', dataIndex: 'priority', valueType: 'select', valueEnum: { high: { text: '高' } } },
            { title: '操作', valueType: 'option', fixed: 'right', render: () => <Button type="link">详情</Button> },
          ]}
          dataSource={[{ tag: 'FIC-101', priority: 'high' }]}
          pagination={{ pageSize: 20, total: 40, showSizeChanger: true }}
          search={{ labelWidth: 'auto', defaultCollapsed: false }}
          scroll={{ x: 886 }}
          toolBarRender={() => [
            <Button key="import" type="primary">
              导入
            </Button>,
          ]}
        />
        <Popconfirm title="删除？">
          <Tooltip title="删除">
            <Button danger type="link">
              删除
            </Button>
          </Tooltip>
        </Popconfirm>
        <Input placeholder="位号" />
      </PageContainer>
    </ProLayout>
  );
}

// React says that useLayoutEffect does nothing on the server, once per component that uses it: nothing to act on.
const warn = console.error;
console.error = (...args: unknown[]) => {
  if (!String(args[0]).includes('useLayoutEffect does nothing on the server')) warn(...args);
};
const cache = createCache();
renderToString(
  <StyleProvider cache={cache}>
    <ConfigProvider theme={appTheme}>
      <FirstViews />
    </ConfigProvider>
  </StyleProvider>,
);
const css = extractStyle(cache, { plain: true, types: 'style' });
const file = path.join(process.argv[2] ?? 'dist', 'antd-styles.css');
writeFileSync(file, css);
process.stdout.write(`antd styles: ${file} (${(css.length / 1024).toFixed(0)} KiB)\n`);
