import { ModalForm, ProFormTextArea } from '@ant-design/pro-components';
import type { ListedPoint } from '@contract/library';
import { message } from 'antd';
import { handlePoint } from '@/services/library';

export interface HandleFormProps {
  point: ListedPoint;
  onClose: () => void;
  onHandled: () => void;
}

/** 处置: a note that closes the point's open abnormal-alarm records. */
export default function HandleForm({ point, onClose, onHandled }: HandleFormProps) {
  const handle = async ({ note }: { note: string }) => {
    try {
      const { closed } = await handlePoint(point.id, note);
      message.success(`已处置 ${closed} 条异常报警`);
      onHandled();
      return true;
    } catch {
      return false;
    }
  };
  return (
    <ModalForm<{ note: string }>
      title={`处置报警点 ${point.tag} / ${point.condition}`}
      open
      onOpenChange={(open) => !open && onClose()}
      modalProps={{ destroyOnClose: true }}
      onFinish={handle}
    >
      <p>处置后，该报警点的未处置异常报警（{point.openAbnormal.length} 条）将关闭。</p>
      <ProFormTextArea
        name="note"
        label="处置说明"
        rules={[
          { required: true, whitespace: true, message: '请填写处置说明' },
          { max: 2000, message: '处置说明不能超过 2000 个字符' },
        ]}
      />
    </ModalForm>
  );
}
