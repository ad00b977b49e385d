/** Board fixtures: API answers shaped like the server's, and a render inside a router at a given address. */

import { DEFAULT_KPI_TARGETS } from '@common/kpiTargets';
import type { KpiSummary } from '@contract/kpi';
import { useLocation } from '@umijs/max';
import type React from 'react';
import { MemoryRouter } from 'react-router-dom';
import { ok, renderWithPermissions } from '../render';

export { ok };

export const scopes = {
  units: ['常减压装置', '催化裂化装置'],
  consoles: ['常减压操作台', '催化操作台'],
  conditions: ['正常运行'],
};

export const judged = { targets: { ...DEFAULT_KPI_TARGETS }, warnFactor: 1.5 };

export function summary(overrides: Partial<KpiSummary> = {}): KpiSummary {
  return {
    from: '2025-05-01T00:00:00.000Z',
    to: '2025-05-02T00:00:00.000Z',
    annunciations: 360,
    avgPer10Min: 2.5,
    avgPerHour: 15,
    avgPerDay: 360,
    periodsOver: 1,
    pctPeriodsOver: 0.69,
    peak10Min: 12,
    peak10MinAt: '2025-05-01T02:10:00.000Z',
    floods: [{ start: '2025-05-01T02:10:00.000Z', end: '2025-05-01T02:30:00.000Z', count: 19, peak: 12 }],
    pctTimeInFlood: 1.39,
    top10: [{ tag: 'CDU-TI100', condition: 'PVHI', count: 40, share: 11.11 }],
    top10Share: 11.11,
    chatteringCount: 0,
    fleetingCount: 2,
    staleCount: 1,
    priorityDistribution: { urgent: 1, high: 10, medium: 19, low: 70 },
    ...overrides,
  };
}

/** The summary without its lists, as the KPI tables answer it. */
export function figures(overrides: Partial<KpiSummary> = {}) {
  const { top10: _top10, floods, from: _from, to: _to, ...rest } = summary(overrides);
  return { ...rest, floods: floods.length };
}

let currentAddress = '';
function AddressProbe() {
  const location = useLocation();
  currentAddress = `${location.pathname}${location.search}`;
  return null;
}

/** The address the board last wrote (path and query). */
export const address = () => currentAddress;

export function renderBoard(ui: React.ReactElement, entry: string, permissions: string[]) {
  return renderWithPermissions(
    <MemoryRouter initialEntries={[entry]}>
      {ui}
      <AddressProbe />
    </MemoryRouter>,
    permissions,
  );
}
