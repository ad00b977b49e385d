/** The simulator's scenarios as the page offers them. */
import type { Scenario } from '@contract/vocabulary';

export const SCENARIO_OPTIONS = [
  { value: 'steady', label: '平稳运行' },
  { value: 'upset', label: '工况波动（含报警泛滥）' },
  { value: 'chattering', label: '颤振报警' },
  { value: 'standing', label: '长时报警' },
  { value: 'mixed', label: '综合' },
] as const satisfies readonly { value: Scenario; label: string }[];
