import { Button, Result } from 'antd';
import type { ReactNode } from 'react';

/** What a page shows when its data could not be loaded: the server's message and a retry. */
export default function LoadFailed({
  title,
  error,
  retry,
  extra,
}: {
  title: string;
  error: Error;
  retry: () => void;
  extra?: ReactNode;
}) {
  return (
    <Result
      status="error"
      title={title}
      subTitle={error.message}
      extra={[
        <Button key="retry" type="primary" onClick={retry}>
          重试
        </Button>,
        extra,
      ]}
    />
  );
}
