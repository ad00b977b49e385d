/**
 * OPC UA Alarms & Conditions into journal events (docs/domain.md, "OPC UA conditions"). A condition event carries
 * the condition's whole state (Part 9): Active, Acked, Shelving, Suppressed, OutOfService. The journal wants the
 * changes: the state last recorded for the condition is compared with the event's, and each difference becomes
 * one journal event with the event's own time — ActiveState true → ALM, false → RTN, AckedState true → ACK,
 * shelved/unshelved → SHLV/UNSHLV, SuppressedState → SUPP/UNSUPP, OutOfServiceState → OOS/INS.
 *
 * Because only differences are written, an event delivered twice, or a ConditionRefresh that repeats a state
 * already recorded, writes nothing: after a reconnection the transitions that happened while disconnected are
 * written once, from the refresh, and never again.
 */

import { DEFAULT_SEVERITY_BANDS } from '../../../common/opcua';
import type { OpcuaMapping, SeverityBands } from '../../../contract/sources';
import type { OpcuaSecurityMode, OpcuaSecurityPolicy, Priority } from '../../../contract/vocabulary';
import type { EventType } from '../kpi/types';

export const DEFAULT_OPCUA_MAPPING: OpcuaMapping = Object.freeze({
  tagField: 'SourceName',
  conditionField: 'ConditionName',
  valueField: '',
  severityBands: DEFAULT_SEVERITY_BANDS,
});

/** The priority of an OPC UA Severity (1–1000; out-of-range values are clamped). */
export function priorityOfSeverity(severity: number, bands: SeverityBands = DEFAULT_SEVERITY_BANDS): Priority {
  if (severity <= bands.low) return 'low';
  if (severity <= bands.medium) return 'medium';
  if (severity <= bands.high) return 'high';
  return 'urgent';
}

/** The state of a condition as the journal sees it. */
export interface ConditionState {
  active: boolean;
  acked: boolean;
  shelved: boolean;
  suppressed: boolean;
  outOfService: boolean;
}

/** A condition never seen: inactive, acknowledged, in service and visible. */
export const NORMAL_STATE: ConditionState = Object.freeze({
  active: false,
  acked: true,
  shelved: false,
  suppressed: false,
  outOfService: false,
});

/** A condition event as read from the subscription, its fields already decoded. */
export interface ConditionEvent {
  /** The ConditionId (NodeId text): what identifies the condition across events. */
  conditionId: string;
  /** Epoch milliseconds: the event's Time. */
  time: number;
  sourceName: string;
  conditionName: string;
  /** Browse name of the event's type (`ExclusiveLimitAlarmType`…), when known. */
  eventType: string;
  severity: number;
  message: string;
  /** Absent fields (a condition type without that state) keep the state last recorded. */
  active?: boolean;
  acked?: boolean;
  shelved?: boolean;
  suppressed?: boolean;
  outOfService?: boolean;
  value?: number | string;
}

/**
 * What is kept per condition between events (and across restarts): its state, and the names and severity it was
 * last seen with, so that a condition the refresh no longer reports can still be written as returned.
 */
export interface ConditionRecord extends ConditionState {
  sourceName: string;
  conditionName: string;
  eventType: string;
  severity: number;
}

/** One journal event to store, before the source's unit and console are added. */
export interface ConditionTransition {
  time: number;
  tag: string;
  condition: string;
  event: EventType;
  priority: Priority;
  description?: string;
  value?: number | string;
}

/** The state an event says the condition is in: its fields over the state last recorded. */
export function stateOf(event: ConditionEvent, previous: ConditionState): ConditionState {
  return {
    active: event.active ?? previous.active,
    acked: event.acked ?? previous.acked,
    shelved: event.shelved ?? previous.shelved,
    suppressed: event.suppressed ?? previous.suppressed,
    outOfService: event.outOfService ?? previous.outOfService,
  };
}

/** The journal events, in the order they are written, of a change from `previous` to `next`. */
export function transitionEvents(previous: ConditionState, next: ConditionState): EventType[] {
  const events: EventType[] = [];
  // Shelving, suppression and service first: an ALM arriving with them is then replayed as hidden.
  if (next.outOfService !== previous.outOfService) events.push(next.outOfService ? 'OOS' : 'INS');
  if (next.shelved !== previous.shelved) events.push(next.shelved ? 'SHLV' : 'UNSHLV');
  if (next.suppressed !== previous.suppressed) events.push(next.suppressed ? 'SUPP' : 'UNSUPP');
  if (next.active !== previous.active) events.push(next.active ? 'ALM' : 'RTN');
  // A new activation is unacknowledged: acknowledged at once means it was acknowledged since (seen on a refresh).
  if (next.acked && (!previous.acked || (next.active && !previous.active))) events.push('ACK');
  return events;
}

/** The journal tag and condition of an event under the source's mapping. */
export function pointOf(event: ConditionEvent, mapping: OpcuaMapping): { tag: string; condition: string } {
  const tag = mapping.tagField === 'ConditionName' ? event.conditionName : event.sourceName;
  const condition = mapping.conditionField === 'EventType' ? event.eventType : event.conditionName;
  return { tag: tag.trim(), condition: condition.trim() };
}

/**
 * Folds condition events into journal events. `states` holds the state last recorded per condition and is brought
 * up to date; events of conditions that name no tag or condition are skipped (they could not be stored).
 */
export function foldConditionEvents(
  events: readonly ConditionEvent[],
  states: Map<string, ConditionRecord>,
  mapping: OpcuaMapping,
): ConditionTransition[] {
  const out: ConditionTransition[] = [];
  for (const event of events) {
    const { tag, condition } = pointOf(event, mapping);
    if (!tag || !condition) continue;
    const previous = states.get(event.conditionId) ?? NORMAL_STATE;
    const next = stateOf(event, previous);
    states.set(event.conditionId, {
      ...next,
      sourceName: event.sourceName,
      conditionName: event.conditionName,
      eventType: event.eventType,
      severity: event.severity,
    });
    const priority = priorityOfSeverity(event.severity, mapping.severityBands);
    for (const type of transitionEvents(previous, next)) {
      out.push({
        time: event.time,
        tag,
        condition,
        event: type,
        priority,
        ...(event.message ? { description: event.message } : {}),
        ...(event.value !== undefined ? { value: event.value } : {}),
      });
    }
  }
  return out;
}

/**
 * After a ConditionRefresh: the conditions recorded as active or unacknowledged that the refresh did not report.
 * A server reports every retained condition, so these returned and were acknowledged meanwhile (or the server
 * restarted and forgot them): events that say so, at `time`, to be folded like the others.
 */
export function unreportedConditions(
  states: ReadonlyMap<string, ConditionRecord>,
  reported: ReadonlySet<string>,
  time: number,
): ConditionEvent[] {
  const events: ConditionEvent[] = [];
  for (const [conditionId, record] of states) {
    if (reported.has(conditionId) || (!record.active && record.acked)) continue;
    events.push({
      conditionId,
      time,
      sourceName: record.sourceName,
      conditionName: record.conditionName,
      eventType: record.eventType,
      severity: record.severity,
      message: '',
      active: false,
      acked: true,
    });
  }
  return events;
}

/** An OPC UA source's settings as stored in `collection_sources.settings`; the password sealed (secret.ts). */
export interface StoredOpcuaSettings {
  endpointUrl: string;
  securityMode: OpcuaSecurityMode;
  securityPolicy: OpcuaSecurityPolicy;
  userName: string;
  /** Sealed; absent when there is none. */
  password?: string;
  mapping: OpcuaMapping;
}

/** The settings of a stored OPC UA source, with the defaults of what is missing. */
export function readOpcuaSettings(settings: unknown): StoredOpcuaSettings {
  const stored = (settings ?? {}) as Partial<StoredOpcuaSettings>;
  const mapping = { ...DEFAULT_OPCUA_MAPPING, ...(stored.mapping ?? {}) };
  return {
    endpointUrl: String(stored.endpointUrl ?? ''),
    securityMode: stored.securityMode ?? 'None',
    securityPolicy: stored.securityPolicy ?? 'None',
    userName: String(stored.userName ?? ''),
    ...(stored.password ? { password: stored.password } : {}),
    mapping: { ...mapping, severityBands: { ...DEFAULT_SEVERITY_BANDS, ...mapping.severityBands } },
  };
}
