import { InboxOutlined } from '@ant-design/icons';
import { ProCard } from '@ant-design/pro-components';
import type { ImportError } from '@contract/http';
import type { ImportResult } from '@contract/journal';
import { Alert, Progress, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import ImportErrorTable from '@/components/ImportErrorTable';
import { importJournal, newJobId } from '@/services/journal';
import { failureMessage } from '@/utils/requestFailure';
import { useJobProgress } from './useJobProgress';

/** Journal import: upload %, rows processed by the server, then the result or the row-level error table. */
export default function ImportCard({ onImported, disabled }: { onImported: () => void; disabled: boolean }) {
  const [job, setJob] = useState<string>();
  const [uploaded, setUploaded] = useState(0);
  const [result, setResult] = useState<ImportResult>();
  const [failure, setFailure] = useState<{ message: string; errors: ImportError[] }>();
  const progress = useJobProgress(job);

  const upload = async (file: File) => {
    const id = newJobId();
    setJob(id);
    setUploaded(0);
    setResult(undefined);
    setFailure(undefined);
    try {
      setResult(await importJournal(file, id, setUploaded));
      onImported();
    } catch (error) {
      const data = (error as { data?: Partial<ImportResult> }).data;
      setFailure({ message: failureMessage(error as Error) || '导入失败', errors: data?.errors ?? [] });
    } finally {
      setJob(undefined);
    }
  };

  return (
    <ProCard
      title="导入报警日志"
      subTitle="CSV 或 xlsx，表头 time,tag,condition,event,priority,console,unit,description,value"
      bordered
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Upload.Dragger
          accept=".csv,.xlsx"
          showUploadList={false}
          disabled={disabled || Boolean(job)}
          customRequest={({ file }) => void upload(file as File)}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">点击或拖拽日志文件到此处导入</p>
          <p className="ant-upload-hint">单个文件不超过 200 MB、5,000,000 行；有任何错误行时不导入任何数据</p>
        </Upload.Dragger>
        {job ? (
          <section aria-label="导入进度">
            <Typography.Text>上传</Typography.Text>
            <Progress percent={uploaded} size="small" />
            <Typography.Text>已处理 {(progress?.rowsRead ?? 0).toLocaleString('zh-CN')} 行</Typography.Text>
          </section>
        ) : null}
        {result ? (
          <Alert
            type="success"
            showIcon
            message={`导入成功：${result.imported.toLocaleString('zh-CN')} 条事件，跳过重复 ${result.duplicates.toLocaleString('zh-CN')} 条`}
          />
        ) : null}
        {failure ? (
          <>
            <Alert type="error" showIcon message={`导入失败：${failure.message}`} />
            {failure.errors.length ? <ImportErrorTable errors={failure.errors} /> : null}
          </>
        ) : null}
      </Space>
    </ProCard>
  );
}
