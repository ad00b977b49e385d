import { lazyPart } from '../lazyPart';

export const DrawerForm = lazyPart(() =>
  import('@ant-design/pro-form/es/layouts/DrawerForm').then((part) => ({ default: part.DrawerForm })),
);
