/** A table row's action (编辑, 删除…): a link-styled button, keyboard-accessible, its text as written. */
import { Button, type ButtonProps } from 'antd';

export default function RowAction(props: ButtonProps) {
  return <Button type="link" size="small" autoInsertSpace={false} style={{ paddingInline: 0 }} {...props} />;
}
