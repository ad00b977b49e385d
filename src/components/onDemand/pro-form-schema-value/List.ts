import { lazyPart } from '../lazyPart';

export const ProFormList = lazyPart(() =>
  import('@ant-design/pro-form/es/components/List').then((part) => ({ default: part.ProFormList })),
);
