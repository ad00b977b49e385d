import type { KpiSettings } from '../../../contract/kpiSettings';
import { ABNORMAL_KINDS, type AbnormalKind } from '../../../contract/vocabulary';
import { floodContributions } from './floods';
import { frequentFromAnalysis } from './frequent';
import { analyseJournal, type Episode, isFleeting, type JournalAnalysis } from './journal';
import { topRanked } from './ranking';
import { tenMinuteLoad } from './summary';
import {
  type AlarmPointRef,
  assertWindow,
  DEFAULT_PLANT_TIME_ZONE,
  type JournalEvent,
  type KpiWindow,
  resolveKpiSettings,
} from './types';

/**
 * One abnormal-alarm finding (异常报警), times epoch ms. `count` means, per kind: chattering — annunciations
 * in chattering runs; fleeting — fleeting annunciations; standing — activations that went stale (lastSeen is
 * the end of the last stale stretch, at most `to`); frequent — the largest day count (first/last seen span the
 * days over); floodContributor — the point's annunciations in the floods it was a top contributor of.
 */
export interface AbnormalFinding extends AlarmPointRef {
  kind: AbnormalKind;
  firstSeen: number;
  lastSeen: number;
  count: number;
}

export interface DetectionOptions {
  /** Rules switched off in 异常报警配置; all rules run by default. */
  enabled?: Partial<Record<AbnormalKind, boolean>>;
  /** A point is a flood contributor when among this many top points of a flood; default 3. */
  floodContributorTop?: number;
  /** Plant time zone for the frequent rule's days; default Asia/Shanghai. */
  timeZone?: string;
}

export const DEFAULT_FLOOD_CONTRIBUTOR_TOP = 3;

const KIND_ORDER: Readonly<Record<AbnormalKind, number>> = Object.fromEntries(
  ABNORMAL_KINDS.map((kind, index) => [kind, index]),
) as Record<AbnormalKind, number>;

function byPointThenKind(a: AbnormalFinding, b: AbnormalFinding): number {
  if (a.tag !== b.tag) return a.tag < b.tag ? -1 : 1;
  if (a.condition !== b.condition) return a.condition < b.condition ? -1 : 1;
  return KIND_ORDER[a.kind] - KIND_ORDER[b.kind];
}

/** Flood contributors: the top points (count desc, then tag, condition) of every flood, merged per point. */
function floodContributorFindings(analysis: JournalAnalysis, top: number): AbnormalFinding[] {
  const { floods } = tenMinuteLoad(analysis);
  const merged = new Map<number, AbnormalFinding>();
  for (const { flood, countsByPoint } of floodContributions(analysis.annunciations, floods)) {
    const ranked = topRanked(
      [...countsByPoint].map(([pointId, count]) => {
        const { tag, condition } = analysis.points[pointId];
        return { pointId, tag, condition, count };
      }),
      top,
    );
    for (const { pointId, tag, condition, count } of ranked) {
      const known = merged.get(pointId);
      if (known) {
        known.lastSeen = flood.end;
        known.count += count;
      } else {
        merged.set(pointId, {
          tag,
          condition,
          kind: 'floodContributor',
          firstSeen: flood.start,
          lastSeen: flood.end,
          count,
        });
      }
    }
  }
  return [...merged.values()];
}

/** Abnormal-alarm findings of an analysed journal, sorted by tag, condition, kind. */
export function detectFromAnalysis(analysis: JournalAnalysis, options: DetectionOptions = {}): AbnormalFinding[] {
  const on = (kind: AbnormalKind) => options.enabled?.[kind] !== false;
  const findings: AbnormalFinding[] = [];
  const add = (point: AlarmPointRef, kind: AbnormalKind, episode: Episode) =>
    findings.push({ tag: point.tag, condition: point.condition, kind, ...episode });

  for (const point of analysis.points) {
    if (on('chattering') && point.chattering) add(point, 'chattering', point.chattering);
    if (on('fleeting') && point.fleeting && isFleeting(point)) add(point, 'fleeting', point.fleeting);
    if (on('standing') && point.standing) add(point, 'standing', point.standing);
  }
  if (on('frequent')) {
    for (const point of frequentFromAnalysis(analysis, options.timeZone ?? DEFAULT_PLANT_TIME_ZONE)) {
      add(point, 'frequent', { firstSeen: point.firstSeen, lastSeen: point.lastSeen, count: point.maxDayCount });
    }
  }
  if (on('floodContributor')) {
    findings.push(...floodContributorFindings(analysis, options.floodContributorTop ?? DEFAULT_FLOOD_CONTRIBUTOR_TOP));
  }
  return findings.sort(byPointThenKind);
}

/**
 * Runs the abnormal-alarm rules (chattering, fleeting, standing, frequent, flood contributor) over the
 * journal of [from, to), with the same primitives and definitions as `computeKpiSummary`. Deterministic:
 * the same journal, window and settings give the same findings in the same order.
 */
export function detectAbnormal(
  events: readonly JournalEvent[],
  window: KpiWindow,
  settings?: Partial<KpiSettings>,
  options?: DetectionOptions,
): AbnormalFinding[] {
  assertWindow(window);
  const analysis = analyseJournal(events, { from: window.from, to: window.to }, resolveKpiSettings(settings));
  return detectFromAnalysis(analysis, options);
}
