import { lazyPart } from '../lazyPart';

const load = () => import('@ant-design/pro-form/es/layouts/StepsForm');

/** The schema form reads `StepsForm.StepForm` as it loads: both parts stand in. */
export const StepsForm = Object.assign(
  lazyPart(() => load().then((part) => ({ default: part.StepsForm }))),
  { StepForm: lazyPart(() => load().then((part) => ({ default: part.StepsForm.StepForm }))) },
);
