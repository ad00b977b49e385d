import type { ManualEntry } from '@contract/manual';
import { describe, expect, it } from 'vitest';
import { manualSections } from '../../../src/pages/Alarm/Library/Manual/sections';

const entry = (id: number, unit: string | null, equipment: string | null): ManualEntry => ({
  id,
  unit,
  equipment,
  console: 'CON-A',
  tag: `T-${id}`,
  condition: 'PVHI',
  conditionName: '高报',
  description: '',
  limitValue: null,
  engineeringUnit: '',
  priority: 'low',
  priorityName: '低',
  cause: '',
  consequence: '',
  operatorResponse: '',
  maxResponseMinutes: null,
});

describe('manualSections', () => {
  it('starts a section where the unit or the equipment changes, keeping the entries’ order', () => {
    const sections = manualSections([
      entry(1, 'U1', 'P-101'),
      entry(2, 'U1', 'P-101'),
      entry(3, 'U1', 'P-102'),
      entry(4, 'U1', null),
      entry(5, 'U2', 'P-101'),
      entry(6, null, null),
    ]);
    expect(sections.map((section) => [section.unit, section.equipment, section.entries.map((e) => e.id)])).toEqual([
      ['U1', 'P-101', [1, 2]],
      ['U1', 'P-102', [3]],
      ['U1', null, [4]],
      ['U2', 'P-101', [5]],
      [null, null, [6]],
    ]);
    expect(new Set(sections.map((section) => section.key)).size).toBe(5);
  });

  it('has no section without entries', () => {
    expect(manualSections([])).toEqual([]);
  });
});
