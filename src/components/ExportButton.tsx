import { DownloadOutlined } from '@ant-design/icons';
import { Button, message } from 'antd';
import { useState } from 'react';
import { download, type ExportParams, type ExportQuery, type ExportRoute } from '@/services/http';
import { saveWorkbook } from '@/utils/export';
import { failureMessage } from '@/utils/requestFailure';

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

/**
 * Downloads the list as a timestamped `.xlsx` through the seed's export helper. A large export takes seconds: a
 * toast says it has started, then how many rows the server wrote, or why it failed.
 */
export default function ExportButton<R extends ExportRoute>({
  route,
  query,
  params,
  label = '导出',
}: ExportButtonProps<R>) {
  const [loading, setLoading] = useState(false);
  const onClick = async () => {
    const key = `export ${route}`;
    setLoading(true);
    message.loading({ key, content: '正在导出…', duration: 0 });
    try {
      const { workbook, rows } = await download(route, query, params, { skipErrorHandler: true });
      saveWorkbook(workbook);
      message.success({ key, content: `已导出 ${rows} 行` });
    } catch (error) {
      message.error({ key, content: failureMessage(error as Error) });
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
