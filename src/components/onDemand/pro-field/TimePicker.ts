import { lazyPart } from '../lazyPart';

const load = () => import('@ant-design/pro-field/es/components/TimePicker');

export default lazyPart(load);
export const FieldTimeRangePicker = lazyPart(() => load().then((part) => ({ default: part.FieldTimeRangePicker })));
