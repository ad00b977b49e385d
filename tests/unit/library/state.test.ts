/** ISA-18.2 state letters from the flags, and the flags from what the journal engine keeps. */
import { describe, expect, it } from 'vitest';
import { type AlarmStateFlags, ISA_STATES, isaState } from '../../../common/alarmLibrary';
import { pointState } from '../../../server/domain/library/state';

const flags = (set: Partial<AlarmStateFlags>): AlarmStateFlags => ({
  active: false,
  acked: true,
  shelved: false,
  suppressed: false,
  outOfService: false,
  ...set,
});

describe('isaState', () => {
  it.each([
    [{}, 'A'],
    [{ active: true, acked: false }, 'B'],
    [{ active: true, acked: true }, 'C'],
    [{ active: false, acked: false }, 'D'],
    [{ shelved: true, active: true, acked: false }, 'E'],
    [{ suppressed: true, shelved: true }, 'F'],
    [{ outOfService: true, suppressed: true, shelved: true, active: true }, 'G'],
  ] as const)('%o → %s', (set, letter) => {
    expect(isaState(flags(set))).toBe(letter);
  });

  it('names every letter in Chinese', () => {
    expect(Object.entries(ISA_STATES).map(([letter, state]) => `${letter} ${state.label}`)).toEqual([
      'A 正常',
      'B 未确认报警',
      'C 已确认报警',
      'D 已恢复未确认',
      'E 已搁置',
      'F 设计抑制',
      'G 停用/退出服务',
    ]);
  });
});

describe('pointState', () => {
  it('is normal for a point without journal', () => {
    expect(pointState(null, null, null)).toMatchObject({ letter: 'A', active: false, acked: true });
  });

  it('reads activity from the replay and acknowledgement from the last ALM and ACK', () => {
    expect(pointState({ activeSince: 1000, hiddenBy: 0 }, 1000, null).letter).toBe('B');
    expect(pointState({ activeSince: 1000, hiddenBy: 0 }, 1000, 1500).letter).toBe('C');
    expect(pointState({ activeSince: null, hiddenBy: 0 }, 1000, 500).letter).toBe('D');
    expect(pointState({ activeSince: null, hiddenBy: 0 }, 1000, 1000).letter).toBe('A');
  });

  it('reads shelved, suppressed and out-of-service bits', () => {
    expect(pointState({ activeSince: 1, hiddenBy: 1 }, 1, null)).toMatchObject({ letter: 'E', shelved: true });
    expect(pointState({ activeSince: null, hiddenBy: 2 }, null, null)).toMatchObject({ letter: 'F', suppressed: true });
    expect(pointState({ activeSince: null, hiddenBy: 7 }, null, null)).toMatchObject({
      letter: 'G',
      outOfService: true,
    });
  });
});
