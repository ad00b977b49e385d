import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { download, type ExportParams, type ExportQuery, type ExportRoute } from '@/services/http';
import { saveWorkbook } from '@/utils/export';

export interface ExportButtonProps<R extends ExportRoute> {
  /** The list's export endpoint, e.g. `'GET /alarm/base/type/export'` (contract/api.ts). */
  route: R;
  /** The list's current filters, so the file holds what the table shows: the export's own query. */
  query?: ExportQuery<R>;
  /** Path parameters of one record's workbook, e.g. `{ id }` of a change request's audit. */
  params?: ExportParams<R>;
  /** The button's text; 导出 unless given. */
  label?: string;
}

/** Downloads the list as a timestamped `.xlsx` through the seed's export helper. */
export default function ExportButton<R extends ExportRoute>({
  route,
  query,
  params,
  label = '导出',
}: ExportButtonProps<R>) {
  const [loading, setLoading] = useState(false);
  const onClick = async () => {
    setLoading(true);
    try {
      saveWorkbook(await download(route, query, params));
    } catch {
      // The request client has already told the user why.
    } finally {
      setLoading(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={loading} onClick={onClick}>
      {label}
    </Button>
  );
}
