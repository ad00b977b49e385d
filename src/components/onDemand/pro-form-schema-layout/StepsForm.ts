import { lazyPart } from '../lazyPart';

export default lazyPart(() => import('@ant-design/pro-form/es/components/SchemaForm/layoutType/StepsForm'));
