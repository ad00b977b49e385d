import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { download, type ExportQuery, type ExportRoute } from '@/services/http';
import { saveWorkbook } from '@/utils/export';

export interface ExportButtonProps<R extends ExportRoute> {
  /** The list's export endpoint, e.g. `'GET /alarm/base/type/export'` (contract/api.ts). */
  route: R;
  /** The list's current filters, so the file holds what the table shows: the export's own query. */
  query?: ExportQuery<R>;
}

/** Downloads the list as a timestamped `.xlsx` through the seed's export helper. */
export default function ExportButton<R extends ExportRoute>({ route, query }: ExportButtonProps<R>) {
  const [loading, setLoading] = useState(false);
  const onClick = async () => {
    setLoading(true);
    try {
      saveWorkbook(await download(route, query));
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
