import { periodWindows } from '../../../server/domain/boards/periods';

const SHANGHAI = 'Asia/Shanghai';
const local = (day: string) => Date.parse(`${day}T00:00:00+08:00`);

describe('improvement board periods', () => {
  it('cuts plant-local weeks at Monday midnight, clipped to the window', () => {
    const from = Date.parse('2025-05-01T10:00:00+08:00'); // a Thursday
    const to = Date.parse('2025-05-20T09:00:00+08:00');
    expect(periodWindows({ from, to }, 'week', SHANGHAI)).toEqual([
      { from, to: local('2025-05-05') },
      { from: local('2025-05-05'), to: local('2025-05-12') },
      { from: local('2025-05-12'), to: local('2025-05-19') },
      { from: local('2025-05-19'), to },
    ]);
  });

  it('cuts months at the first day', () => {
    const from = local('2025-01-15');
    const to = local('2025-03-02');
    expect(periodWindows({ from, to }, 'month', SHANGHAI)).toEqual([
      { from, to: local('2025-02-01') },
      { from: local('2025-02-01'), to: local('2025-03-01') },
      { from: local('2025-03-01'), to },
    ]);
  });

  it('a window starting on a Monday is not split at its start; an empty window has no period', () => {
    const from = local('2025-05-05');
    expect(periodWindows({ from, to: from + 86_400_000 }, 'week', SHANGHAI)).toEqual([{ from, to: from + 86_400_000 }]);
    expect(periodWindows({ from, to: from }, 'week', SHANGHAI)).toEqual([]);
  });
});
