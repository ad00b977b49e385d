import { lazyPart } from '../lazyPart';

export default lazyPart(() => import('@ant-design/pro-field/es/components/Segmented'));
