import type { BoardPath, ScopeOptions } from '@contract/boards';
import { useRequest } from 'ahooks';
import { Segmented, Select, Skeleton, Space } from 'antd';
import dayjs from 'dayjs';
import type React from 'react';
import { lazy, Suspense } from 'react';
import { fetchScopeOptions } from '@/services/boards';
import { type BoardState, RANGE_PRESETS, type RangePreset } from './boardQuery';

const CustomRange = lazy(() => import('./CustomRange'));

const PLANT = '';

/** One select value per scope: '' the whole plant, `unit:<name>`, `console:<name>`. */
export function scopeValue(scope: { unit?: string; console?: string }): string {
  if (scope.console) return `console:${scope.console}`;
  if (scope.unit) return `unit:${scope.unit}`;
  return PLANT;
}

export function scopeOfValue(value: string): { unit?: string; console?: string } {
  const [kind, ...rest] = value.split(':');
  const name = rest.join(':');
  if (kind === 'unit' && name) return { unit: name, console: undefined };
  if (kind === 'console' && name) return { console: name, unit: undefined };
  return { unit: undefined, console: undefined };
}

export function scopeSelectOptions(options?: ScopeOptions) {
  return [
    { value: PLANT, label: '全厂' },
    { label: '装置', options: (options?.units ?? []).map((name) => ({ value: `unit:${name}`, label: name })) },
    { label: '操作台', options: (options?.consoles ?? []).map((name) => ({ value: `console:${name}`, label: name })) },
  ];
}

export interface ScopeSelectProps {
  options?: ScopeOptions;
  value: { unit?: string; console?: string };
  onChange: (scope: { unit?: string; console?: string }) => void;
  label?: string;
}

export function ScopeSelect({ options, value, onChange, label = '范围' }: ScopeSelectProps) {
  return (
    <Select
      aria-label={label}
      style={{ minWidth: 180 }}
      value={scopeValue(value)}
      options={scopeSelectOptions(options)}
      onChange={(next: string) => onChange(scopeOfValue(next))}
      showSearch
      optionFilterProp="label"
    />
  );
}

/** 全部工况 or one operating condition. */
export function ConditionSelect({
  options,
  value,
  onChange,
}: {
  options?: ScopeOptions;
  value?: string;
  onChange: (condition: string | undefined) => void;
}) {
  return (
    <Select
      aria-label="工况"
      style={{ minWidth: 140 }}
      value={value ?? ''}
      options={[
        { value: '', label: '全部工况' },
        ...(options?.conditions ?? []).map((name) => ({ value: name, label: name })),
      ]}
      onChange={(condition: string) => onChange(condition || undefined)}
    />
  );
}

export interface BoardToolbarProps {
  /** The board's API path: its toolbar options come from `<boardPath>/scopes`. */
  boardPath: BoardPath;
  state: BoardState;
  update: (patch: Partial<BoardState>) => void;
  /** A live board has neither a time range nor an operating-condition filter. */
  live?: boolean;
  extra?: React.ReactNode;
}

/** Time range presets or a custom range, scope (全厂 / 装置 / 操作台) and operating condition. */
export default function BoardToolbar({ boardPath, state, update, live = false, extra }: BoardToolbarProps) {
  const showRange = !live;
  const { data: options } = useRequest(() => fetchScopeOptions(boardPath), { refreshDeps: [boardPath] });
  return (
    <Space wrap size="middle" style={{ marginBottom: 16 }}>
      {showRange && (
        <Segmented<RangePreset>
          aria-label="时间范围"
          options={RANGE_PRESETS.map(({ value, label }) => ({ value, label }))}
          value={state.range}
          onChange={(range) => {
            if (range !== 'custom') update({ range, from: undefined, to: undefined });
            else {
              const to = dayjs().startOf('minute');
              update({ range, from: to.subtract(1, 'day').toISOString(), to: to.toISOString() });
            }
          }}
        />
      )}
      {showRange && state.range === 'custom' && (
        <Suspense fallback={<Skeleton.Input active style={{ width: 320 }} />}>
          <CustomRange from={state.from} to={state.to} onChange={(range) => update(range)} />
        </Suspense>
      )}
      <ScopeSelect options={options} value={state} onChange={(scope) => update(scope)} />
      {!live && (
        <ConditionSelect options={options} value={state.condition} onChange={(condition) => update({ condition })} />
      )}
      {extra}
    </Space>
  );
}
