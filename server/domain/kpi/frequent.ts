import { plantDayResolver } from '../../../common/plantDays';
import { analyseJournal, type JournalAnalysis } from './journal';
import { byCountThenPoint } from './ranking';
import { assertWindow, DEFAULT_PLANT_TIME_ZONE, type JournalEvent, type KpiOptions, resolveKpiSettings } from './types';

/** A bad actor: more than `frequentPerDay` annunciations in at least one plant day. */
export interface FrequentPoint {
  tag: string;
  condition: string;
  /** Largest number of annunciations in one plant day. */
  maxDayCount: number;
  /** The first plant day (`YYYY-MM-DD`) with `maxDayCount`. */
  maxDay: string;
  /** Plant days over the threshold. */
  daysOver: number;
  /** First annunciation of the first day over, last of the last one (epoch ms). */
  firstSeen: number;
  lastSeen: number;
}

export interface FrequentOptions extends KpiOptions {
  /** IANA zone of the plant's calendar days; default Asia/Shanghai. */
  timeZone?: string;
}

/**
 * Frequent points of an analysed journal, ranked by `maxDayCount` (then tag, condition). Only annunciations
 * inside the window count, so a day cut by the window counts its part inside.
 */
export function frequentFromAnalysis(
  analysis: JournalAnalysis,
  timeZone: string = DEFAULT_PLANT_TIME_ZONE,
): FrequentPoint[] {
  const { annunciations, points, settings } = analysis;
  const dayOf = plantDayResolver(timeZone);
  const pointCount = points.length;
  // The day currently being counted for each point; annunciations arrive in time order.
  const dayKey = new Array<string | undefined>(pointCount);
  const dayCount = new Int32Array(pointCount);
  const dayFirst = new Float64Array(pointCount);
  const dayLast = new Float64Array(pointCount);
  const found = new Map<number, FrequentPoint>();

  const closeDay = (pointId: number) => {
    const count = dayCount[pointId];
    if (count <= settings.frequentPerDay) return;
    const key = dayKey[pointId] as string;
    const known = found.get(pointId);
    if (!known) {
      const { tag, condition } = points[pointId];
      found.set(pointId, {
        tag,
        condition,
        maxDayCount: count,
        maxDay: key,
        daysOver: 1,
        firstSeen: dayFirst[pointId],
        lastSeen: dayLast[pointId],
      });
      return;
    }
    known.daysOver++;
    known.lastSeen = dayLast[pointId];
    if (count > known.maxDayCount) {
      known.maxDayCount = count;
      known.maxDay = key;
    }
  };

  for (let i = 0; i < annunciations.length; i++) {
    const time = annunciations.times[i];
    const pointId = annunciations.pointIds[i];
    const day = dayOf(time).key;
    if (dayKey[pointId] !== day) {
      if (dayKey[pointId] !== undefined) closeDay(pointId);
      dayKey[pointId] = day;
      dayCount[pointId] = 0;
      dayFirst[pointId] = time;
    }
    dayCount[pointId]++;
    dayLast[pointId] = time;
  }
  for (let pointId = 0; pointId < pointCount; pointId++) if (dayKey[pointId] !== undefined) closeDay(pointId);

  return [...found.values()].sort((a, b) =>
    byCountThenPoint({ ...a, count: a.maxDayCount }, { ...b, count: b.maxDayCount }),
  );
}

/** Points with more than `frequentPerDay` annunciations in any plant day of [from, to), with their max day. */
export function frequentPoints(events: readonly JournalEvent[], options: FrequentOptions): FrequentPoint[] {
  assertWindow(options);
  const analysis = analyseJournal(events, { from: options.from, to: options.to }, resolveKpiSettings(options.settings));
  return frequentFromAnalysis(analysis, options.timeZone);
}
