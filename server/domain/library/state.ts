/**
 * An alarm point's current ISA-18.2 state from what the journal engine keeps: the replay state of
 * alarm_point_states (active since, shelved / suppressed / out-of-service bits) and the times of the
 * point's last activation and acknowledgement (the replay does not track acknowledgement).
 */
import { type AlarmStateFlags, isaState } from '../../../common/alarmLibrary';
import type { IsaState } from '../../../contract/vocabulary';
import { OUT_OF_SERVICE, type ReplayState, SHELVED, SUPPRESSED } from '../ingest/replay';

export interface PointState extends AlarmStateFlags {
  letter: IsaState;
}

/**
 * `lastAlarm` / `lastAck`: epoch ms of the last ALM and ACK, null when none. An alarm counts as
 * acknowledged when no activation came after the last acknowledgement (or there never was one).
 */
export function pointState(
  replay: Pick<ReplayState, 'activeSince' | 'hiddenBy'> | null,
  lastAlarm: number | null,
  lastAck: number | null,
): PointState {
  const hiddenBy = replay?.hiddenBy ?? 0;
  const flags: AlarmStateFlags = {
    active: replay?.activeSince !== null && replay?.activeSince !== undefined,
    acked: lastAlarm === null || (lastAck !== null && lastAck >= lastAlarm),
    shelved: (hiddenBy & SHELVED) !== 0,
    suppressed: (hiddenBy & SUPPRESSED) !== 0,
    outOfService: (hiddenBy & OUT_OF_SERVICE) !== 0,
  };
  return { ...flags, letter: isaState(flags) };
}
