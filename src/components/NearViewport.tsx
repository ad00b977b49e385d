import { Skeleton } from 'antd';
import { type ReactNode, type RefObject, Suspense, useEffect, useRef, useState } from 'react';

/** Resolves once `element` comes near the viewport, so content below the fold fetches its code when scrolled to. */
export function nearViewport(element: Element): { ready: Promise<void>; cancel: () => void } {
  // jsdom has no IntersectionObserver; browsers do.
  if (typeof IntersectionObserver === 'undefined') return { ready: Promise.resolve(), cancel: () => {} };
  let observer: IntersectionObserver | undefined;
  const ready = new Promise<void>((resolve) => {
    observer = new IntersectionObserver(
      (changes) => {
        if (!changes.some((change) => change.isIntersecting)) return;
        observer?.disconnect();
        resolve();
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
  });
  return { ready, cancel: () => observer?.disconnect() };
}

/** True from the moment the element behind the returned ref first comes near the viewport. */
export function useNearViewport<T extends Element>(): [RefObject<T>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const visible = nearViewport(ref.current as T);
    visible.ready.then(() => setNear(true));
    return visible.cancel;
  }, []);
  return [ref, near];
}

/** Renders `children` (lazy components, fetched on demand) once its place nears the viewport; a skeleton till then. */
export function BelowFold({ children }: { children: ReactNode }) {
  const [place, near] = useNearViewport<HTMLDivElement>();
  const waiting = <Skeleton active />;
  return <div ref={place}>{near ? <Suspense fallback={waiting}>{children}</Suspense> : waiting}</div>;
}
