/** A change request opened from a list: loads it and shows it whole, with a state for loading and failure. */
import { useRequest } from 'ahooks';
import { Drawer, Result, Skeleton } from 'antd';
import { fetchChange } from '@/services/moc';
import { failureMessage } from '@/utils/requestFailure';
import ChangeDetail from './ChangeDetail';

export interface ChangeDrawerProps {
  changeId?: number;
  /** Changes when the request changed elsewhere (submitted…), to load it again. */
  refreshKey?: number;
  onClose: () => void;
}

export default function ChangeDrawer({ changeId, refreshKey, onClose }: ChangeDrawerProps) {
  const { data, error } = useRequest(() => fetchChange(changeId as number), {
    ready: changeId !== undefined,
    refreshDeps: [changeId, refreshKey],
  });
  const change = data?.id === changeId ? data : undefined;
  return (
    <Drawer
      title={change ? `变更单 #${change.id} ${change.title}` : '变更单详情'}
      width={860}
      open={changeId !== undefined}
      onClose={onClose}
      destroyOnClose
    >
      {error && !change ? (
        <Result status="warning" title="变更单加载失败" subTitle={failureMessage(error)} />
      ) : change ? (
        <ChangeDetail change={change} />
      ) : (
        <Skeleton active />
      )}
    </Drawer>
  );
}
