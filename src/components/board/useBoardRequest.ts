import { useRequest } from 'ahooks';
import { type DependencyList, useState } from 'react';

/**
 * A board panel's request (ahooks `useRequest`, sent again when `deps` change) whose data, until its first
 * answer, is what the same GET sent ahead at start-up has already answered: the first render shows it.
 */
export function useBoardRequest<T>(send: () => Promise<T>, arrived: () => T | undefined, deps: DependencyList) {
  const request = useRequest(send, { refreshDeps: deps });
  const [first] = useState(arrived);
  return { ...request, data: request.data ?? first };
}
