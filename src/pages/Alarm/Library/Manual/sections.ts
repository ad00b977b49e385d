import type { ManualEntry } from '@contract/manual';

/** A printed section of the manual: one equipment of one unit (or the unit's points without equipment). */
export interface ManualSection {
  key: string;
  unit: string | null;
  equipment: string | null;
  entries: ManualEntry[];
}

/** The entries, already in manual order, cut where the unit or the equipment changes: a page break each. */
export function manualSections(entries: readonly ManualEntry[]): ManualSection[] {
  const sections: ManualSection[] = [];
  for (const entry of entries) {
    const last = sections[sections.length - 1];
    if (last && last.unit === entry.unit && last.equipment === entry.equipment) {
      last.entries.push(entry);
    } else {
      sections.push({
        key: `${entry.unit ?? ''}\u0000${entry.equipment ?? ''}`,
        unit: entry.unit,
        equipment: entry.equipment,
        entries: [entry],
      });
    }
  }
  return sections;
}
