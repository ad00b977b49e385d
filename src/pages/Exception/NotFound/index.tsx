import { Link } from '@umijs/max';
import { Button, Result } from 'antd';

export default function NotFound() {
  return (
    <main aria-label="页面不存在">
      <Result
        status="404"
        title="404"
        subTitle="您访问的页面不存在。"
        extra={
          <Link to="/">
            <Button type="primary">返回首页</Button>
          </Link>
        }
      />
    </main>
  );
}
