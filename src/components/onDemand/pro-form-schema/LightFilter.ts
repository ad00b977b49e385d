import { lazyPart } from '../lazyPart';

export const LightFilter = lazyPart(() =>
  import('@ant-design/pro-form/es/layouts/LightFilter').then((part) => ({ default: part.LightFilter })),
);
