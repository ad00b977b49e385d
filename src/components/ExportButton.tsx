import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { exportExcel } from '@/utils/export';

export interface ExportButtonProps {
  /** The list's export endpoint below `/api`, e.g. `/alarm/base/type/export`. */
  path: string;
  /** The list's current filters, so the file holds what the table shows. */
  params?: Record<string, unknown>;
}

/** Downloads the list as a timestamped `.xlsx` through the seed's export helper. */
export default function ExportButton({ path, params }: ExportButtonProps) {
  const [loading, setLoading] = useState(false);
  const onClick = async () => {
    setLoading(true);
    try {
      await exportExcel(path, params);
    } catch {
      // The request client has already told the user why.
    } finally {
      setLoading(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={loading} onClick={onClick}>
      导出
    </Button>
  );
}
