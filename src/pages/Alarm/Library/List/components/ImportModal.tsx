/** Import of the library from a file with the export's columns: all or nothing, with the row/column error report. */
import { InboxOutlined } from '@ant-design/icons';
import type { ImportError } from '@contract/http';
import type { ImportResult } from '@contract/library';
import { Alert, Modal, Space, Spin, Upload } from 'antd';
import { useState } from 'react';
import ImportErrorTable from '@/components/ImportErrorTable';
import { importLibrary } from '@/services/library';
import { failureMessage } from '@/utils/requestFailure';

export interface ImportModalProps {
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}

export default function ImportModal({ open, onClose, onImported }: ImportModalProps) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportResult>();
  const [failure, setFailure] = useState<{ message: string; errors: ImportError[] }>();

  const upload = async (file: File) => {
    setBusy(true);
    setResult(undefined);
    setFailure(undefined);
    try {
      setResult(await importLibrary(file));
      onImported();
    } catch (error) {
      const data = (error as { data?: Partial<ImportResult> }).data;
      setFailure({ message: failureMessage(error as Error) || '导入失败', errors: data?.errors ?? [] });
    } finally {
      setBusy(false);
    }
  };

  const close = () => {
    setResult(undefined);
    setFailure(undefined);
    onClose();
  };

  return (
    <Modal title="导入报警库" open={open} onCancel={close} footer={null} width={760} destroyOnClose>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Spin spinning={busy} tip="正在导入…">
          <Upload.Dragger
            accept=".csv,.xlsx"
            showUploadList={false}
            disabled={busy}
            customRequest={({ file }) => void upload(file as File)}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">点击或拖拽报警库文件（xlsx 或 CSV）到此处导入</p>
            <p className="ant-upload-hint">
              列与导出文件相同，位号和报警类型必填；按位号 + 报警类型新建或更新报警点；有任何错误行时不导入任何数据
            </p>
          </Upload.Dragger>
        </Spin>
        {result && (
          <Alert
            type="success"
            showIcon
            message={`导入成功：新建 ${result.created} 个，更新 ${result.updated} 个，未变化 ${result.unchanged} 个报警点`}
          />
        )}
        {failure && (
          <>
            <Alert type="error" showIcon message={`导入失败：${failure.message}`} />
            {failure.errors.length > 0 && <ImportErrorTable errors={failure.errors} />}
          </>
        )}
      </Space>
    </Modal>
  );
}
