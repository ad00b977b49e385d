import { lazyPart } from '../lazyPart';

export const ModalForm = lazyPart(() =>
  import('@ant-design/pro-form/es/layouts/ModalForm').then((part) => ({ default: part.ModalForm })),
);
