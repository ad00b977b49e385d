/** The row/column error report of an all-or-nothing import (journal, alarm library). */
import type { ImportError } from '@contract/http';
import { Table } from 'antd';

const COLUMNS = [
  { title: '行号', dataIndex: 'row', width: 90 },
  { title: '列', dataIndex: 'column', width: 160, render: (column: string) => column || '整行' },
  { title: '错误说明', dataIndex: 'message' },
];

export default function ImportErrorTable({ errors }: { errors: ImportError[] }) {
  return (
    <Table<ImportError>
      aria-label="错误报告"
      size="small"
      rowKey={(error) => `${error.row}-${error.column}-${error.message}`}
      columns={COLUMNS}
      dataSource={errors}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
    />
  );
}
