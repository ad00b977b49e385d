import { permissionString } from '@common/routes';
import { Link, useAccess } from '@umijs/max';
import { Button, Empty } from 'antd';
import LoadFailedResult from '@/components/LoadFailed';

const MOCK = '/alarm/mock';

/** No annunciation in the chosen range: says what to do, with the way to 模拟 for users who may import. */
export function NoAlarmData({ description = '所选时间范围和范围内没有报警记录' }: { description?: string }) {
  const { can } = useAccess();
  return (
    <Empty description={description}>
      {can(permissionString(MOCK, 'view')) ? (
        <Link to={MOCK}>
          <Button type="primary">导入报警记录</Button>
        </Link>
      ) : (
        '请换一个时间范围，或请管理员导入报警记录'
      )}
    </Empty>
  );
}

export function LoadFailed({ error, retry }: { error: Error; retry: () => void }) {
  return <LoadFailedResult title="加载看板数据失败" error={error} retry={retry} />;
}
