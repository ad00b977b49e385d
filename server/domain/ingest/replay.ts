/**
 * Per-point replay of the journal at ingest time: which ALMs are annunciations (the point is visible — not
 * shelved, suppressed or out of service) and the episode facts the KPI summary is assembled from. It follows
 * the single pass of server/domain/kpi/journal.ts over a point's whole history, so that restricting its
 * output to a window [from, to) gives what that pass gives for the window:
 * - chatter run: `chatterCount` consecutive annunciations, kept when their span ≤ CHATTER_MAX_SECONDS; the
 *   window sees it when start ≥ from, end < to and span ≤ chatterSeconds. It carries the number of its first
 *   annunciation among the point's (`ordinal`, from 0), so the annunciations that overlapping runs cover are
 *   counted from the runs alone: run k covers ordinals [ordinal_k, ordinal_k + chatterCount);
 * - fleeting: an annunciation and the RTN that follows it (the latest unreturned annunciation) within
 *   FLEETING_MAX_SECONDS; the window sees it when start ≥ from, RTN < to and the gap < fleetingSeconds;
 * - standing span: a stretch during which the point is active (since `activatedAt`) and visible; stale in the
 *   window when max(start, activatedAt + staleHours, from) < min(end, to). Spans that can never reach
 *   STALE_MIN_HOURS are not kept.
 * The caps bound the settings (contract/kpiSettings.ts), so queries can apply any
 * allowed value; only `chatterCount` changes the stored facts (saving a new one recomputes them).
 */
import { CHATTER_MAX_SECONDS, FLEETING_MAX_SECONDS, STALE_MIN_HOURS } from '../../../contract/kpiSettings';
import type { EventType } from '../kpi/types';

/** Bits of `ReplayState.hiddenBy`. */
export const SHELVED = 1;
export const SUPPRESSED = 2;
export const OUT_OF_SERVICE = 4;
const HIDING: Partial<Record<EventType, [bit: number, set: boolean]>> = {
  SHLV: [SHELVED, true],
  UNSHLV: [SHELVED, false],
  SUPP: [SUPPRESSED, true],
  UNSUPP: [SUPPRESSED, false],
  OOS: [OUT_OF_SERVICE, true],
  INS: [OUT_OF_SERVICE, false],
};

/** Where the episode was seen: the scope columns of the event that made it. */
export interface EpisodeScope {
  consoleId: number;
  unitId: number;
  operatingCondition: string;
}

export interface ReplayEpisode extends EpisodeScope {
  kind: 'chatter' | 'fleeting' | 'standing';
  start: number;
  /** null: a standing span still open. */
  end: number | null;
  activatedAt: number | null;
  /** chatter: the number of the run's first annunciation among the point's, from 0; null otherwise. */
  ordinal?: number | null;
}

export interface ReplayEvent extends EpisodeScope {
  time: number;
  event: EventType;
}

/** The serialisable state of one point's replay (stored in alarm_point_states). */
export interface ReplayState {
  lastTime: number | null;
  hiddenBy: number;
  activeSince: number | null;
  /** Start of the current active-and-visible stretch, with the scope of its activation. */
  spanStart: number | null;
  spanScope: EpisodeScope | null;
  unreturned: number | null;
  unreturnedScope: EpisodeScope | null;
  /** Times of the last chatterCount − 1 annunciations, oldest first. */
  recent: number[];
  /**
   * Annunciations replayed so far (the next one's ordinal). Absent from states stored before it existed: such a
   * point is replayed from its first event.
   */
  annunciations?: number;
  /**
   * Times of the point's latest ALM (shown or hidden) and latest ACK, for 系统运行看板's unacknowledged count. Absent
   * from states stored before they existed until migration 0017 filled them in from the events.
   */
  lastAlarm?: number | null;
  lastAck?: number | null;
}

export function initialReplayState(): ReplayState {
  return {
    lastTime: null,
    hiddenBy: 0,
    activeSince: null,
    spanStart: null,
    spanScope: null,
    unreturned: null,
    unreturnedScope: null,
    recent: [],
    annunciations: 0,
    lastAlarm: null,
    lastAck: null,
  };
}

const STALE_MIN_MS = STALE_MIN_HOURS * 3_600_000;

function scopeOf(event: EpisodeScope): EpisodeScope {
  return { consoleId: event.consoleId, unitId: event.unitId, operatingCondition: event.operatingCondition };
}

export class PointReplay {
  readonly state: ReplayState;
  private readonly chatterCount: number;

  constructor(chatterCount: number, state: ReplayState = initialReplayState()) {
    this.chatterCount = Math.max(1, Math.floor(chatterCount));
    this.state = state;
  }

  /** Applies one event (in time order, then journal order); returns whether it is an annunciation. */
  apply(event: ReplayEvent, episodes: ReplayEpisode[]): boolean {
    const { state } = this;
    const time = event.time;
    state.lastTime = time;
    let counted = false;
    // The span as it stands before this event (an RTN clears the activation it needs).
    const before = this.openSpan();

    if (event.event === 'ALM') {
      state.lastAlarm = time;
      if (state.activeSince === null) state.activeSince = time;
      if (state.hiddenBy === 0) {
        counted = true;
        state.unreturned = time;
        state.unreturnedScope = scopeOf(event);
        const ordinal = state.annunciations ?? 0;
        state.annunciations = ordinal + 1;
        this.chatter(time, ordinal, event, episodes);
      }
    } else if (event.event === 'RTN') {
      state.activeSince = null;
      if (state.unreturned !== null && time - state.unreturned < FLEETING_MAX_SECONDS * 1000) {
        episodes.push({
          kind: 'fleeting',
          start: state.unreturned,
          end: time,
          activatedAt: null,
          ...(state.unreturnedScope as EpisodeScope),
        });
      }
      state.unreturned = null;
      state.unreturnedScope = null;
    } else {
      if (event.event === 'ACK') state.lastAck = time;
      const hiding = HIDING[event.event];
      if (hiding) state.hiddenBy = hiding[1] ? state.hiddenBy | hiding[0] : state.hiddenBy & ~hiding[0];
    }

    const standing = state.activeSince !== null && state.hiddenBy === 0;
    if (before && !standing) this.closeSpan(before, time, episodes);
    if (standing && state.spanStart === null) {
      state.spanStart = time;
      state.spanScope = scopeOf(event);
    }
    return counted;
  }

  /** The open standing span, if any (stored with end = null until it closes). */
  openSpan(): ReplayEpisode | undefined {
    const { spanStart, spanScope, activeSince } = this.state;
    if (spanStart === null || activeSince === null || !spanScope) return undefined;
    return { kind: 'standing', start: spanStart, end: null, activatedAt: activeSince, ...spanScope };
  }

  private closeSpan(open: ReplayEpisode, time: number, episodes: ReplayEpisode[]): void {
    this.state.spanStart = null;
    this.state.spanScope = null;
    if (time > open.start && time - (open.activatedAt as number) > STALE_MIN_MS) {
      episodes.push({ ...open, end: time });
    }
  }

  /** The annunciation numbered `ordinal` at `time`: the run it ends, if short enough. */
  private chatter(time: number, ordinal: number, event: EpisodeScope, episodes: ReplayEpisode[]): void {
    const { state, chatterCount } = this;
    const window = chatterCount - 1;
    if (window === 0) {
      episodes.push({ kind: 'chatter', start: time, end: time, activatedAt: null, ordinal, ...scopeOf(event) });
      return;
    }
    if (state.recent.length === window) {
      const start = state.recent[0];
      if (time - start <= CHATTER_MAX_SECONDS * 1000) {
        episodes.push({
          kind: 'chatter',
          start,
          end: time,
          activatedAt: null,
          ordinal: ordinal - window,
          ...scopeOf(event),
        });
      }
      state.recent.shift();
    }
    state.recent.push(time);
  }
}
