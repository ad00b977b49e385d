/**
 * The one pass over the journal every KPI and detection rule is built on.
 *
 * Input: events sorted by time (a copy is sorted, stably, when they are not). Events before `from` are read
 * only for state (shelved / suppressed / out of service, and activations for stale alarms); events at or
 * after `to` are ignored. Events with the same time are applied in array order, so `SHLV` then `ALM` at
 * one instant hides the ALM, while `ALM` then `SHLV` counts it. Exact duplicates (same time, tag,
 * condition, event type) are applied once, wherever they sit among the events of that instant.
 *
 * Per point the pass keeps:
 * - visibility: hidden while shelved (SHLV..UNSHLV), suppressed (SUPP..UNSUPP) or out of service (OOS..INS);
 *   an ALM in [from, to) while visible is an annunciation, the only thing the KPIs count;
 * - activity: the process condition, active from the first ALM with no RTN since (a repeated ALM does not
 *   restart the clock; ALMs while hidden do activate, as the condition is real); RTN clears it;
 * - chattering: `chatterCount` annunciations with t(i + chatterCount - 1) - t(i) <= chatterSeconds;
 * - fleeting: an annunciation whose next RTN comes less than `fleetingSeconds` after it;
 * - standing (stale): a moment t in [from, to) at which the point is active since a with t - a >= staleHours
 *   and visible. States hold on half-open intervals: an alarm that returns exactly staleHours after its
 *   activation never was active for staleHours at any moment, so it is not stale.
 */

import type { KpiSettings } from '../../../contract/kpiSettings';
import { PRIORITIES } from '../../../contract/vocabulary';
import type { JournalEvent, KpiWindow } from './types';

/** When and how often a per-point behaviour was seen; times are epoch ms. */
export interface Episode {
  firstSeen: number;
  lastSeen: number;
  count: number;
}

/** What the pass learnt about one alarm point. */
export interface PointAnalysis {
  id: number;
  tag: string;
  condition: string;
  /** Annunciations in the window. */
  annunciations: number;
  /** count = annunciations that belong to at least one chattering run. */
  chattering?: Episode;
  /** count = fleeting annunciations (reported whether or not the point is also chattering). */
  fleeting?: Episode;
  /** count = activations that went stale in the window; lastSeen = the end of the last stale stretch. */
  standing?: Episode;
}

/** Annunciations in the window as parallel columns, in time order. */
export interface Annunciations {
  length: number;
  times: Float64Array;
  pointIds: Int32Array;
  /** Index into PRIORITIES. */
  priorities: Uint8Array;
}

export interface JournalAnalysis {
  window: KpiWindow;
  settings: KpiSettings;
  annunciations: Annunciations;
  /** Every point seen in the journal up to `to`, indexed by id. */
  points: PointAnalysis[];
}

const EVENT_BIT: Readonly<Record<string, number>> = {
  ALM: 1,
  RTN: 2,
  ACK: 4,
  SHLV: 8,
  UNSHLV: 16,
  SUPP: 32,
  UNSUPP: 64,
  OOS: 128,
  INS: 256,
};

const SHELVED = 1;
const SUPPRESSED = 2;
const OUT_OF_SERVICE = 4;

const PRIORITY_CODE: Readonly<Record<string, number>> = Object.fromEntries(PRIORITIES.map((p, index) => [p, index]));
const LOW = PRIORITIES.indexOf('low');

/** Mutable per-point state of the pass; a class keeps one hidden shape for the hot loop. */
class PointState {
  /** Dedupe: time of the last applied event and the event types already applied at that time. */
  lastTime = Number.NaN;
  typesAtLastTime = 0;
  /** SHELVED, SUPPRESSED and OUT_OF_SERVICE bits currently set; 0 = visible. */
  hiddenBy = 0;
  activeSince = Number.NaN;
  /** The activation already counted as a standing episode. */
  standingActivation = Number.NaN;
  /** The latest annunciation not yet followed by an RTN (fleeting check). */
  unreturnedAnnunciation = Number.NaN;
  /** Times of the last chatterCount annunciations, a ring indexed by annunciation number. */
  recent: Float64Array | undefined = undefined;
  lastChatteringIndex = -1;
  readonly analysis: PointAnalysis;

  constructor(id: number, tag: string, condition: string) {
    this.analysis = { id, tag, condition, annunciations: 0 };
  }
}

function isSortedByTime(events: readonly JournalEvent[]): boolean {
  for (let i = 1; i < events.length; i++) if (events[i].time < events[i - 1].time) return false;
  return true;
}

function widen(episode: Episode | undefined, firstSeen: number, lastSeen: number, count: number): Episode {
  if (!episode) return { firstSeen, lastSeen, count };
  episode.lastSeen = lastSeen;
  episode.count += count;
  return episode;
}

/** The single pass described at the top of this module; `settings` must be complete (see resolveKpiSettings). */
export function analyseJournal(
  journal: readonly JournalEvent[],
  window: KpiWindow,
  settings: KpiSettings,
): JournalAnalysis {
  const { from, to } = window;
  const events = isSortedByTime(journal) ? journal : [...journal].sort((a, b) => a.time - b.time);
  const chatterCount = Math.max(1, Math.floor(settings.chatterCount));
  const chatterMs = settings.chatterSeconds * 1000;
  const fleetingMs = settings.fleetingSeconds * 1000;
  const staleMs = settings.staleHours * 3_600_000;

  const byTag = new Map<string, Map<string, PointState>>();
  const states: PointState[] = [];
  const times = new Float64Array(events.length);
  const pointIds = new Int32Array(events.length);
  const priorities = new Uint8Array(events.length);
  let n = 0;

  // The stale check for the stretch [segmentStart, segmentEnd) during which the point's state was constant.
  const checkStanding = (state: PointState, segmentStart: number, segmentEnd: number) => {
    if (Number.isNaN(state.activeSince) || state.hiddenBy !== 0) return;
    const lo = Math.max(segmentStart, state.activeSince + staleMs, from);
    const hi = Math.min(segmentEnd, to);
    if (lo >= hi) return;
    const { analysis } = state;
    const newActivation = state.standingActivation !== state.activeSince;
    state.standingActivation = state.activeSince;
    analysis.standing = widen(analysis.standing, lo, hi, newActivation ? 1 : 0);
  };

  for (let e = 0; e < events.length; e++) {
    const event = events[e];
    const time = event.time;
    if (time >= to) break;

    let conditions = byTag.get(event.tag);
    if (!conditions) {
      conditions = new Map();
      byTag.set(event.tag, conditions);
    }
    let state = conditions.get(event.condition);
    if (!state) {
      state = new PointState(states.length, event.tag, event.condition);
      conditions.set(event.condition, state);
      states.push(state);
    }

    const bit = EVENT_BIT[event.event] ?? 0;
    if (time === state.lastTime) {
      if (state.typesAtLastTime & bit) continue;
      state.typesAtLastTime |= bit;
    } else {
      // The state was constant since the point's previous event.
      if (time > from) checkStanding(state, state.lastTime, time);
      state.lastTime = time;
      state.typesAtLastTime = bit;
    }

    switch (event.event) {
      case 'ALM': {
        if (Number.isNaN(state.activeSince)) state.activeSince = time;
        if (time < from || state.hiddenBy !== 0) break;
        const { analysis } = state;
        const index = analysis.annunciations++;
        times[n] = time;
        pointIds[n] = analysis.id;
        priorities[n] = PRIORITY_CODE[event.priority] ?? LOW;
        n++;
        state.unreturnedAnnunciation = time;

        if (!state.recent) state.recent = new Float64Array(chatterCount);
        state.recent[index % chatterCount] = time;
        const runStart = index - chatterCount + 1;
        if (runStart >= 0 && time - state.recent[runStart % chatterCount] <= chatterMs) {
          const firstNew = Math.max(state.lastChatteringIndex + 1, runStart);
          const firstNewTime = state.recent[firstNew % chatterCount];
          analysis.chattering = widen(analysis.chattering, firstNewTime, time, index - firstNew + 1);
          state.lastChatteringIndex = index;
        }
        break;
      }
      case 'RTN': {
        state.activeSince = Number.NaN;
        const annunciated = state.unreturnedAnnunciation;
        if (!Number.isNaN(annunciated) && time - annunciated < fleetingMs) {
          state.analysis.fleeting = widen(state.analysis.fleeting, annunciated, annunciated, 1);
        }
        state.unreturnedAnnunciation = Number.NaN;
        break;
      }
      case 'SHLV':
        state.hiddenBy |= SHELVED;
        break;
      case 'UNSHLV':
        state.hiddenBy &= ~SHELVED;
        break;
      case 'SUPP':
        state.hiddenBy |= SUPPRESSED;
        break;
      case 'UNSUPP':
        state.hiddenBy &= ~SUPPRESSED;
        break;
      case 'OOS':
        state.hiddenBy |= OUT_OF_SERVICE;
        break;
      case 'INS':
        state.hiddenBy &= ~OUT_OF_SERVICE;
        break;
      default:
        // ACK changes no flag the KPIs use.
        break;
    }
  }

  // The last stretch of every point runs to the end of the window.
  for (const state of states) checkStanding(state, state.lastTime, Number.POSITIVE_INFINITY);

  return {
    window,
    settings,
    annunciations: {
      length: n,
      times: times.subarray(0, n),
      pointIds: pointIds.subarray(0, n),
      priorities: priorities.subarray(0, n),
    },
    points: states.map((state) => state.analysis),
  };
}

/** Points with a chattering run. */
export function isChattering(point: PointAnalysis): boolean {
  return point.chattering !== undefined;
}

/** Fleeting by definition excludes chattering points. */
export function isFleeting(point: PointAnalysis): boolean {
  return point.fleeting !== undefined && point.chattering === undefined;
}

export function isStanding(point: PointAnalysis): boolean {
  return point.standing !== undefined;
}
