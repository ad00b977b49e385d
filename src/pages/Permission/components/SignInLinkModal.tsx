/** Shows a freshly issued sign-in link once, with a copy button: the server keeps only its hash. */
import { CopyOutlined } from '@ant-design/icons';
import type { SignInLink } from '@contract/permission';
import { Alert, Button, Flex, Modal, message, Typography } from 'antd';
import { formatDateTime } from '@/utils/datetime';

export interface SignInLinkModalProps {
  userName: string;
  link?: SignInLink;
  onClose: () => void;
}

export default function SignInLinkModal({ userName, link, onClose }: SignInLinkModalProps) {
  const address = link ? new URL(link.url, window.location.origin).href : '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      message.success('登录链接已复制');
    } catch {
      message.warning('无法访问剪贴板，请手动选中链接复制');
    }
  };
  return (
    <Modal
      title={`「${userName}」的登录链接`}
      open={link !== undefined}
      onCancel={onClose}
      footer={null}
      destroyOnClose
    >
      <Flex vertical gap={12}>
        <Alert type="warning" showIcon message="链接只显示这一次，请立即复制并通过安全渠道交给本人。" />
        <Typography.Paragraph code style={{ wordBreak: 'break-all', margin: 0 }}>
          {address}
        </Typography.Paragraph>
        <Typography.Text type="secondary">有效期至 {link ? formatDateTime(link.expiresAt) : ''}</Typography.Text>
        <Button type="primary" icon={<CopyOutlined />} onClick={copy}>
          复制链接
        </Button>
      </Flex>
    </Modal>
  );
}
