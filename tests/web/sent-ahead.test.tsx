/** GETs sent ahead at start-up: taken once by the page's identical GET, while fresh; failures asked again. */
import { arrivedAhead, getKey, sendAhead, takeAhead } from '@/services/sentAhead';

afterEach(() => {
  vi.useRealTimers();
});

describe('GETs sent ahead', () => {
  it("the page's identical GET takes the answer sent ahead, once", async () => {
    const key = getKey('/kpi/series', { from: 'a', bucket: '1h' });
    sendAhead(key, async () => 'ahead');
    const send = vi.fn(async () => 'page');
    await expect(takeAhead(key, send)).resolves.toBe('ahead');
    expect(send).not.toHaveBeenCalled();
    // A refresh asks the server again.
    await expect(takeAhead(key, send)).resolves.toBe('page');
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('an answer that has arrived can be read at once, until it is taken', async () => {
    const key = getKey('/alarm/board/over', { from: 'e' });
    let answer = (_value: string) => {};
    sendAhead(key, () => new Promise<string>((resolve) => (answer = resolve)));
    expect(arrivedAhead(key)).toBeUndefined();
    answer('ahead');
    await Promise.resolve();
    expect(arrivedAhead(key)).toBe('ahead');
    await expect(takeAhead(key, async () => 'page')).resolves.toBe('ahead');
    expect(arrivedAhead(key)).toBeUndefined();
  });

  it('another GET (other path or parameters) is sent by the page', async () => {
    sendAhead(getKey('/kpi/series', { from: 'a' }), async () => 'ahead');
    await expect(takeAhead(getKey('/kpi/series', { from: 'b' }), async () => 'page')).resolves.toBe('page');
    await expect(takeAhead(getKey('/kpi/ranking', { from: 'a' }), async () => 'page')).resolves.toBe('page');
  });

  it('an answer sent ahead that failed is asked for again by the page, whose error the user sees', async () => {
    const key = getKey('/alarm/board/over', { from: 'c' });
    sendAhead(key, async () => {
      throw new Error('offline');
    });
    await expect(takeAhead(key, async () => 'page')).resolves.toBe('page');
    sendAhead(key, async () => {
      throw new Error('offline');
    });
    await expect(
      takeAhead(key, async () => {
        throw new Error('服务器暂时无法访问');
      }),
    ).rejects.toThrow('服务器暂时无法访问');
  });

  it('an answer older than half a minute is not taken', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T08:00:00Z'), toFake: ['Date'] });
    const key = getKey('/kpi/series', { from: 'd' });
    sendAhead(key, async () => 'ahead');
    vi.setSystemTime(new Date('2026-11-25T08:00:31Z'));
    await expect(takeAhead(key, async () => 'page')).resolves.toBe('page');
  });
});
