import { DuplicateFilter, type JournalRow } from '../../../server/domain/journal';

const T0 = Date.UTC(2026, 2, 1);

function row(time: number, tag = 'FIC-1', condition = 'PVHI', event: JournalRow['event'] = 'ALM'): JournalRow {
  return { row: 0, time, tag, condition, event };
}

describe('DuplicateFilter', () => {
  it('drops exact duplicates (time, tag, condition, event) and counts them', () => {
    const filter = new DuplicateFilter();
    expect(filter.add(row(T0))).toBe(true);
    expect(filter.add(row(T0))).toBe(false);
    const sameEventOtherDetails: JournalRow = { ...row(T0), priority: 'high', value: 3, description: 'other', row: 9 };
    expect(filter.add(sameEventOtherDetails)).toBe(false);
    expect(filter.duplicates).toBe(2);
    expect(filter.size).toBe(1);
  });

  it('keeps events that differ in any key field', () => {
    const filter = new DuplicateFilter();
    const events = [
      row(T0),
      row(T0 + 1),
      row(T0, 'FIC-2'),
      row(T0, 'FIC-1', 'PVHH'),
      row(T0, 'FIC-1', 'PVHI', 'RTN'),
      // Tag and condition are kept apart: "A|B" + "C" is not "A" + "B|C".
      row(T0, 'A|B', 'C'),
      row(T0, 'A', 'B|C'),
    ];
    expect(events.map((event) => filter.add(event))).toEqual(events.map(() => true));
    expect(filter.duplicates).toBe(0);
    expect(filter.size).toBe(events.length);
  });

  it('filters batch after batch, keeping order', () => {
    const filter = new DuplicateFilter();
    const first = filter.filter([row(T0, 'A'), row(T0, 'B'), row(T0, 'A')]);
    const second = filter.filter([row(T0, 'B'), row(T0, 'C'), row(T0 + 1, 'A')]);
    expect(first.map((event) => event.tag)).toEqual(['A', 'B']);
    expect(second.map((event) => [event.tag, event.time - T0])).toEqual([
      ['C', 0],
      ['A', 1],
    ]);
    expect(filter.duplicates).toBe(2);
  });

  it('stays exact while growing far past its first size', () => {
    const filter = new DuplicateFilter(16);
    const count = 120_000;
    let kept = 0;
    for (let i = 0; i < count; i++) if (filter.add(row(T0 + i * 1000, `T${i % 500}`, i % 2 ? 'PVHI' : 'PVLO'))) kept++;
    for (let i = 0; i < count; i += 3) filter.add(row(T0 + i * 1000, `T${i % 500}`, i % 2 ? 'PVHI' : 'PVLO'));
    expect(kept).toBe(count);
    expect(filter.size).toBe(count);
    expect(filter.duplicates).toBe(count / 3);
  });

  it('handles times that do not fit 32 bits, before 1970 and at millisecond spacing', () => {
    const filter = new DuplicateFilter();
    const times = [0, -1, -86_400_000, 2 ** 40, 2 ** 40 + 1, 2 ** 52, T0, T0 + 1, T0 + 2 ** 32];
    expect(times.map((time) => filter.add(row(time)))).toEqual(times.map(() => true));
    expect(times.map((time) => filter.add(row(time)))).toEqual(times.map(() => false));
    expect(filter.duplicates).toBe(times.length);
  });
});
