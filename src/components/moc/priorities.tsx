/**
 * The priority dictionary for the change and condition screens: loaded once per page through that page's
 * own endpoint (`<page>/priorities`, under its view permission) and handed down to every value that shows
 * a priority.
 */
import { useRequest } from 'ahooks';
import { createContext, type ReactNode, useContext } from 'react';
import { call } from '@/services/http';
import type { PriorityName } from './format';

const NONE: PriorityName[] = [];

/** The pages whose endpoints answer the priority names (contract/dictionaries.ts). */
type NamedBy = '/alarm/op/update' | '/alarm/op/working' | '/alarm/approve/list';

const fetchPriorityNames = (path: NamedBy) => call(`GET ${path}/priorities`);

const PriorityNames = createContext<readonly PriorityName[]>(NONE);

/** Hands down a dictionary the page has already loaded (the alarm library's options). */
export const PriorityNamesProvider = PriorityNames.Provider;

/** The dictionary's priorities; empty until loaded, when values read as their codes. */
export const usePriorityNames = () => useContext(PriorityNames);

/** Loads the dictionary through `path` (e.g. `/alarm/approve/list`) and hands it down. */
export function PriorityDictionary({ path, children }: { path: NamedBy; children: ReactNode }) {
  const { data } = useRequest(() => fetchPriorityNames(path), { refreshDeps: [path] });
  return <PriorityNamesProvider value={data ?? NONE}>{children}</PriorityNamesProvider>;
}
