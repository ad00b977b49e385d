import { PageContainer } from '@ant-design/pro-components';
import { Empty } from 'antd';
import type React from 'react';

/** The frame of a page whose features are still to come: its title, breadcrumb and an honest empty state. */
export default function PageFrame({ children }: React.PropsWithChildren) {
  return <PageContainer>{children ?? <Empty description="该功能尚未开放" />}</PageContainer>;
}
