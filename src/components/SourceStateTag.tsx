/** A collection source's state (数据采集) as a coloured tag: 已连接, 连接中, 错误, 停用. */
import type { SourceState } from '@contract/vocabulary';
import { Tag } from 'antd';

export const SOURCE_STATE_TAGS: Record<SourceState, { label: string; color: string }> = {
  connected: { label: '已连接', color: 'success' },
  connecting: { label: '连接中', color: 'processing' },
  error: { label: '错误', color: 'error' },
  disabled: { label: '停用', color: 'default' },
};

export default function SourceStateTag({ state }: { state: SourceState }) {
  const { label, color } = SOURCE_STATE_TAGS[state];
  return <Tag color={color}>{label}</Tag>;
}
