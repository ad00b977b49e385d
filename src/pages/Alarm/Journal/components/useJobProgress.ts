import type { JobProgress } from '@contract/journal';
import { useEffect, useState } from 'react';
import { fetchProgress } from '@/services/journal';

const POLL_MS = 700;

/** Polls the server's progress of a running job while `job` is set. */
export function useJobProgress(job: string | undefined): JobProgress | undefined {
  const [progress, setProgress] = useState<JobProgress>();
  useEffect(() => {
    setProgress(undefined);
    if (!job) return undefined;
    let stopped = false;
    const timer = setInterval(() => {
      fetchProgress(job).then(
        (next) => {
          if (!stopped) setProgress(next);
        },
        () => undefined,
      );
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [job]);
  return progress;
}
