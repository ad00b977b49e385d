import { coalescing } from '../../../server/repositories/coalesce';

describe('coalescing reads', () => {
  it('runs identical calls in flight once and shares the result', async () => {
    const shared = coalescing<number>();
    let runs = 0;
    let finish: (value: number) => void = () => undefined;
    const run = () => {
      runs += 1;
      return new Promise<number>((resolve) => {
        finish = resolve;
      });
    };
    const first = shared('a', run);
    const second = shared('a', run);
    const other = shared('b', () => Promise.resolve(7));
    finish(42);
    expect(await Promise.all([first, second, other])).toEqual([42, 42, 7]);
    expect(runs).toBe(1);
  });

  it('starts afresh once a run has settled, failed runs included', async () => {
    const shared = coalescing<number>();
    await expect(shared('a', () => Promise.reject(new Error('数据库不可用')))).rejects.toThrow('数据库不可用');
    expect(await shared('a', () => Promise.resolve(1))).toBe(1);
    expect(await shared('a', () => Promise.resolve(2))).toBe(2);
  });
});
