/** Figures the bench parts print. */
import type { IngestPhasesMessage } from '../../server/domain/ingest/phases';

/** The p-th percentile (nearest rank) of `values`. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Where an ingest's time went, phase by phase (server/domain/ingest/phases.ts). */
export function phaseTimes(ingest: IngestPhasesMessage | undefined): string {
  if (!ingest) return 'not reported';
  return Object.entries(ingest.phases)
    .map(([phase, spent]) => `${phase} ${(spent / 1000).toFixed(1)} s`)
    .join(', ');
}
