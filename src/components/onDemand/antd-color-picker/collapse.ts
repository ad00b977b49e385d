import { lazyPart } from '../lazyPart';

export default lazyPart(() => import('antd/es/collapse'));
