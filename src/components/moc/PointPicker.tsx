/**
 * Picks alarm points by tag: a search select that asks the server once typing pauses (tag prefix,
 * optionally within one unit) and hands back the whole point with its current settings and version.
 */

import type { Page } from '@contract/http';
import type { ChangeablePoint, PointQuery } from '@contract/moc';
import { useDebounceFn } from 'ahooks';
import { Select, Spin } from 'antd';
import { useState } from 'react';

export interface PointPickerProps {
  search: (query: PointQuery) => Promise<Page<ChangeablePoint>>;
  /** Only points of this unit. */
  unitId?: number;
  /** Points already chosen: offered no more. */
  excludeIds?: number[];
  onPick: (point: ChangeablePoint) => void;
  disabled?: boolean;
}

const SEARCH_PAGE_SIZE = 20;

export const pointLabel = (point: Pick<ChangeablePoint, 'tag' | 'condition'>) => `${point.tag} / ${point.condition}`;

export default function PointPicker({ search, unitId, excludeIds = [], onPick, disabled }: PointPickerProps) {
  const [found, setFound] = useState<ChangeablePoint[]>([]);
  const [searching, setSearching] = useState(false);
  const [failed, setFailed] = useState(false);

  const { run: find } = useDebounceFn(
    async (typed: string) => {
      const tag = typed.trim();
      if (!tag) {
        setFound([]);
        return;
      }
      setSearching(true);
      try {
        setFound((await search({ current: 1, pageSize: SEARCH_PAGE_SIZE, tag, unitId })).list);
        setFailed(false);
      } catch {
        setFound([]);
        setFailed(true);
      } finally {
        setSearching(false);
      }
    },
    { wait: 300 },
  );

  const offered = found.filter((point) => !excludeIds.includes(point.id));
  return (
    <Select<number>
      aria-label="搜索报警点"
      showSearch
      value={null}
      disabled={disabled}
      style={{ width: 380 }}
      placeholder="输入位号开头，搜索并添加报警点"
      filterOption={false}
      onSearch={find}
      notFoundContent={searching ? <Spin size="small" /> : failed ? '搜索失败，请重试' : '没有匹配的报警点'}
      options={offered.map((point) => ({
        value: point.id,
        label: `${pointLabel(point)}${point.description ? `（${point.description}）` : ''}`,
      }))}
      onSelect={(id) => {
        const point = found.find((candidate) => candidate.id === id);
        if (point) onPick(point);
      }}
    />
  );
}
