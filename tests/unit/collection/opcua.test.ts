/** OPC UA conditions into journal events (docs/domain.md, "OPC UA conditions"): bands, transitions, reconciliation. */
import { describe, expect, it } from 'vitest';
import { severityBandsProblem } from '../../../common/opcua';
import {
  type ConditionEvent,
  type ConditionRecord,
  type ConditionState,
  DEFAULT_OPCUA_MAPPING,
  foldConditionEvents,
  NORMAL_STATE,
  priorityOfSeverity,
  transitionEvents,
  unreportedConditions,
} from '../../../server/domain/collection/opcua';
import { SecretBox } from '../../../server/domain/collection/secret';

const T0 = Date.parse('2026-03-01T08:00:00Z');

function event(changes: Partial<ConditionEvent> = {}): ConditionEvent {
  return {
    conditionId: 'ns=1;i=1003',
    time: T0,
    sourceName: 'LI-101',
    conditionName: 'PVHI',
    eventType: 'ExclusiveLimitAlarmType',
    severity: 600,
    message: '原料罐液位高',
    active: false,
    acked: true,
    shelved: false,
    suppressed: false,
    outOfService: false,
    ...changes,
  };
}

function record(changes: Partial<ConditionRecord> = {}): ConditionRecord {
  return {
    ...NORMAL_STATE,
    sourceName: 'LI-101',
    conditionName: 'PVHI',
    eventType: 'ExclusiveLimitAlarmType',
    severity: 600,
    ...changes,
  };
}

describe('priority from Severity', () => {
  it('uses the default bands 1–250 低, 251–500 中, 501–750 高, 751–1000 紧急', () => {
    expect([1, 250, 251, 500, 501, 750, 751, 1000].map((s) => priorityOfSeverity(s))).toEqual([
      'low',
      'low',
      'medium',
      'medium',
      'high',
      'high',
      'urgent',
      'urgent',
    ]);
  });

  it('uses configured bands', () => {
    const bands = { low: 100, medium: 200, high: 900 };
    expect([100, 101, 900, 901].map((s) => priorityOfSeverity(s, bands))).toEqual(['low', 'medium', 'high', 'urgent']);
  });

  it('refuses bands that do not ascend or leave 1–999, in Chinese', () => {
    expect(severityBandsProblem({ low: 250, medium: 500, high: 750 })).toBeNull();
    expect(severityBandsProblem({ low: 500, medium: 500, high: 750 })).toMatch(/递增/);
    expect(severityBandsProblem({ low: 0, medium: 500, high: 750 })).toMatch(/1–999/);
    expect(severityBandsProblem({ low: 1, medium: 2, high: 1000 })).toMatch(/1–999/);
    expect(severityBandsProblem({ low: 1.5, medium: 2, high: 3 })).toMatch(/整数/);
  });
});

describe('state changes into journal events', () => {
  const state = (changes: Partial<ConditionState>): ConditionState => ({ ...NORMAL_STATE, ...changes });

  it('maps each state to its events', () => {
    expect(transitionEvents(NORMAL_STATE, state({ active: true, acked: false }))).toEqual(['ALM']);
    expect(transitionEvents(state({ active: true, acked: false }), state({ active: true }))).toEqual(['ACK']);
    expect(transitionEvents(state({ active: true }), NORMAL_STATE)).toEqual(['RTN']);
    expect(transitionEvents(state({ active: true, acked: false }), state({ acked: false }))).toEqual(['RTN']);
    expect(transitionEvents(NORMAL_STATE, state({ shelved: true }))).toEqual(['SHLV']);
    expect(transitionEvents(state({ shelved: true }), NORMAL_STATE)).toEqual(['UNSHLV']);
    expect(transitionEvents(NORMAL_STATE, state({ suppressed: true }))).toEqual(['SUPP']);
    expect(transitionEvents(state({ suppressed: true }), NORMAL_STATE)).toEqual(['UNSUPP']);
    expect(transitionEvents(NORMAL_STATE, state({ outOfService: true }))).toEqual(['OOS']);
    expect(transitionEvents(state({ outOfService: true }), NORMAL_STATE)).toEqual(['INS']);
  });

  it('writes nothing for a state already recorded', () => {
    for (const s of [NORMAL_STATE, state({ active: true, acked: false }), state({ shelved: true })]) {
      expect(transitionEvents(s, s)).toEqual([]);
    }
  });

  it('writes an alarm raised and acknowledged meanwhile as ALM then ACK', () => {
    expect(transitionEvents(NORMAL_STATE, state({ active: true }))).toEqual(['ALM', 'ACK']);
  });

  it('writes shelving before the alarm it hides', () => {
    expect(transitionEvents(NORMAL_STATE, state({ active: true, acked: false, shelved: true }))).toEqual([
      'SHLV',
      'ALM',
    ]);
  });
});

describe('folding condition events', () => {
  it('raises, acknowledges, shelves and returns with the events own time, value and priority', () => {
    const states = new Map<string, ConditionRecord>();
    const rows = foldConditionEvents(
      [
        event({ time: T0, active: true, acked: false, value: 85.5 }),
        event({ time: T0 + 1000, active: true, acked: true, value: 85.5 }),
        event({ time: T0 + 2000, active: true, acked: true, shelved: true }),
        event({ time: T0 + 3000, active: false, acked: true, shelved: true, message: '' }),
      ],
      states,
      DEFAULT_OPCUA_MAPPING,
    );
    expect(rows).toEqual([
      {
        time: T0,
        tag: 'LI-101',
        condition: 'PVHI',
        event: 'ALM',
        priority: 'high',
        description: '原料罐液位高',
        value: 85.5,
      },
      {
        time: T0 + 1000,
        tag: 'LI-101',
        condition: 'PVHI',
        event: 'ACK',
        priority: 'high',
        description: '原料罐液位高',
        value: 85.5,
      },
      {
        time: T0 + 2000,
        tag: 'LI-101',
        condition: 'PVHI',
        event: 'SHLV',
        priority: 'high',
        description: '原料罐液位高',
      },
      { time: T0 + 3000, tag: 'LI-101', condition: 'PVHI', event: 'RTN', priority: 'high' },
    ]);
    expect(states.get('ns=1;i=1003')).toEqual({ ...record(), shelved: true });
  });

  it('reconciles a refresh: what is already recorded is not written twice, what changed meanwhile is', () => {
    const states = new Map<string, ConditionRecord>();
    const live = [
      event({ active: true, acked: false }),
      event({ conditionId: 'b', conditionName: 'PVLO', active: true, acked: false }),
    ];
    expect(foldConditionEvents(live, states, DEFAULT_OPCUA_MAPPING).map((row) => row.event)).toEqual(['ALM', 'ALM']);
    // Disconnected: the first was acknowledged meanwhile; the second did not change.
    const refresh = [
      event({ time: T0 + 5000, active: true, acked: true }),
      event({ conditionId: 'b', conditionName: 'PVLO', time: T0 + 6000, active: true, acked: false }),
    ];
    const rows = foldConditionEvents(refresh, states, DEFAULT_OPCUA_MAPPING);
    expect(rows.map((row) => [row.condition, row.event, row.time])).toEqual([['PVHI', 'ACK', T0 + 5000]]);
    // The same refresh again (a second reconnection) writes nothing.
    expect(foldConditionEvents(refresh, states, DEFAULT_OPCUA_MAPPING)).toEqual([]);
  });

  it('keeps the state of fields a condition type lacks', () => {
    const states = new Map<string, ConditionRecord>([['ns=1;i=1003', { ...record(), shelved: true }]]);
    const rows = foldConditionEvents(
      [event({ active: true, acked: false, shelved: undefined, suppressed: undefined, outOfService: undefined })],
      states,
      DEFAULT_OPCUA_MAPPING,
    );
    expect(rows.map((row) => row.event)).toEqual(['ALM']);
    expect(states.get('ns=1;i=1003')?.shelved).toBe(true);
  });

  it('maps tag and condition by the configured fields, and skips events naming neither', () => {
    const mapping = {
      ...DEFAULT_OPCUA_MAPPING,
      tagField: 'ConditionName' as const,
      conditionField: 'EventType' as const,
    };
    const [row] = foldConditionEvents([event({ active: true, acked: false })], new Map(), mapping);
    expect(row).toMatchObject({ tag: 'PVHI', condition: 'ExclusiveLimitAlarmType' });
    expect(foldConditionEvents([event({ sourceName: ' ', active: true })], new Map(), DEFAULT_OPCUA_MAPPING)).toEqual(
      [],
    );
  });
});

describe('conditions a refresh no longer reports', () => {
  it('are written as returned and acknowledged at the refresh, once', () => {
    const states = new Map<string, ConditionRecord>([
      ['a', record({ active: true, acked: false })],
      ['b', record({ conditionName: 'PVLO', active: false, acked: false })],
      ['c', record({ conditionName: 'PVLL' })],
      ['d', record({ conditionName: 'PVHH', active: true, acked: false })],
    ]);
    const settled = unreportedConditions(states, new Set(['d']), T0 + 9000);
    expect(settled.map((e) => e.conditionId)).toEqual(['a', 'b']);
    const rows = foldConditionEvents(settled, states, DEFAULT_OPCUA_MAPPING);
    expect(rows.map((row) => [row.condition, row.event, row.time])).toEqual([
      ['PVHI', 'RTN', T0 + 9000],
      ['PVHI', 'ACK', T0 + 9000],
      ['PVLO', 'ACK', T0 + 9000],
    ]);
    expect(unreportedConditions(states, new Set(['d']), T0 + 10_000)).toEqual([]);
  });
});

describe('source passwords at rest', () => {
  it('seals with a fresh nonce, opens only under the same key, refuses altered text', () => {
    const box = new SecretBox('a-server-secret-of-some-length');
    const sealed = box.seal('操作员密码 p@ss');
    expect(sealed).not.toContain('p@ss');
    expect(box.seal('操作员密码 p@ss')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('操作员密码 p@ss');
    expect(new SecretBox('a-server-secret-of-some-length').open(sealed)).toBe('操作员密码 p@ss');
    expect(new SecretBox('another-secret-entirely-here').open(sealed)).toBeUndefined();
    const [version, nonce, tag, data] = sealed.split(':');
    const flipped = Buffer.from(data, 'base64');
    flipped[0] ^= 1;
    expect(box.open([version, nonce, tag, flipped.toString('base64')].join(':'))).toBeUndefined();
    expect(box.open('garbage')).toBeUndefined();
  });
});
