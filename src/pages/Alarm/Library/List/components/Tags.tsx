/** Coloured tags of the library: ISA-18.2 state, priority (dictionary colour), condition, abnormal kinds. */

import { abnormalKindLabel, ISA_STATES } from '@common/alarmLibrary';
import type { LibraryOptions } from '@contract/library';
import type { IsaState } from '@contract/vocabulary';
import { Tag, Tooltip } from 'antd';

export function StateTag({ state }: { state: IsaState }) {
  const { label, color } = ISA_STATES[state];
  return (
    <Tooltip title="ISA-18.2 报警状态">
      <Tag color={color}>
        {state} {label}
      </Tag>
    </Tooltip>
  );
}

export function PriorityTag({ code, options }: { code: string; options?: LibraryOptions }) {
  const priority = options?.priorities.find((candidate) => candidate.code === code);
  return <Tag color={priority?.color}>{priority?.name ?? code}</Tag>;
}

export function ConditionTag({ code, options }: { code: string; options?: LibraryOptions }) {
  const condition = options?.conditions.find((candidate) => candidate.code === code);
  return (
    <Tooltip title={condition?.name}>
      <Tag color={condition?.color}>{code}</Tag>
    </Tooltip>
  );
}

export function AbnormalTags({ kinds }: { kinds: string[] }) {
  if (!kinds.length) return <>—</>;
  return (
    <>
      {kinds.map((kind) => (
        <Tag key={kind} color="volcano">
          {abnormalKindLabel(kind)}
        </Tag>
      ))}
    </>
  );
}
