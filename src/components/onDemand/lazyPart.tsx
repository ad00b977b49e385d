/**
 * Stand-ins for parts of antd and ProComponents that no first view needs. The build resolves each such
 * part, imported inside its library, to the module of the same name under this folder (see .umirc.ts),
 * which fetches the real part the first time it renders.
 */
import { type ComponentType, forwardRef, lazy, Suspense } from 'react';

// biome-ignore lint/suspicious/noExplicitAny: stands in for library components, whatever their props.
type Part = ComponentType<any>;

export function lazyPart(load: () => Promise<{ default: Part }>) {
  const Real = lazy(load);
  return forwardRef<unknown, Record<string, unknown>>(function OnDemand(props, ref) {
    return (
      <Suspense fallback={null}>
        <Real ref={ref} {...props} />
      </Suspense>
    );
  });
}
