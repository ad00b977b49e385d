import { Button, Result, Space } from 'antd';
import React from 'react';

/** Webpack's names for a route or style chunk that failed to load (docs/original-console.md §8 "load failed"). */
export function isChunkLoadError(error: unknown): boolean {
  const { name = '', message = '' } = (error ?? {}) as { name?: string; message?: string };
  return name === 'ChunkLoadError' || /Loading (CSS )?chunk .* failed/i.test(message);
}

interface State {
  error?: Error;
}

/** Used around the whole app (rootContainer) and as ProLayout's boundary around each page. */
export default class ErrorBoundary extends React.Component<React.PropsWithChildren, State> {
  state: State = {};

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  retry = () => this.setState({ error: undefined });

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const chunk = isChunkLoadError(error);
    return (
      <Result
        status={chunk ? 'warning' : 'error'}
        title={chunk ? '页面加载失败' : '页面出错了'}
        subTitle={chunk ? '网络不稳定或系统已更新，请重试或刷新页面。' : error.message}
        extra={
          <Space>
            <Button type="primary" onClick={this.retry}>
              重试
            </Button>
            <Button onClick={() => window.location.reload()}>刷新页面</Button>
          </Space>
        }
      />
    );
  }
}
