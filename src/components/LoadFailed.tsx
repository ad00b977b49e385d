import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { failureMessage } from '@/utils/requestFailure';

/** What a page shows when its data could not be loaded: the server's message (or §8's for the transport) and a retry. */
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
      subTitle={failureMessage(error)}
      extra={[
        <Button key="retry" type="primary" onClick={retry}>
          重试
        </Button>,
        extra,
      ]}
    />
  );
}
