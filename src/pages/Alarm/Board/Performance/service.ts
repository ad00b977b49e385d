import type { KpiTargets, OperatingLevel } from '@common/kpiTargets';
import { type BoardQuery, type Flood, getData, type KpiFigures } from '@/services/boards';

export const PERFORMANCE_PATH = '/alarm/board/performance';

export interface LevelOf {
  level: OperatingLevel;
  label: string;
}

export interface ConsolePerformance {
  console: string;
  figures: KpiFigures;
  targets: KpiTargets;
  level: LevelOf;
}

export interface Performance {
  consoles: ConsolePerformance[];
  scope: { figures: KpiFigures; targets: KpiTargets; level: LevelOf };
  warnFactor: number;
  histogram: { min: number; max: number | null; periods: number }[];
  floods: Flood[];
}

export const fetchPerformance = (query: BoardQuery) => getData<Performance>(PERFORMANCE_PATH, query);
