import { bootstrapSession } from '@/services/bootstrap';
import type { CurrentUser } from '@/services/user';
import { getToken, readPermissions, readPlantTimeZone, setToken } from '@/utils/session';

const user: CurrentUser = {
  username: 'zhang',
  name: '张工',
  avatar: '',
  access: '',
  permission: ['alarm-board-over-view'],
  plantTimeZone: 'Asia/Shanghai',
};

function start(address: string, fetchUser = vi.fn().mockResolvedValue(user), online = true) {
  const url = new URL(address, 'http://console.test');
  const goto = vi.fn();
  const replaceAddress = vi.fn();
  const result = bootstrapSession({ location: url, fetchUser, goto, replaceAddress, isOnline: () => online });
  return { result, fetchUser, goto, replaceAddress };
}

describe('start-up (docs/original-console.md §4)', () => {
  it('loads nothing on /403', async () => {
    setToken('kept');
    const { result, fetchUser, goto } = start('/403?token=abc');
    await expect(result).resolves.toBeUndefined();
    expect(fetchUser).not.toHaveBeenCalled();
    expect(goto).not.toHaveBeenCalled();
    expect(getToken()).toBe('kept');
  });

  it('takes the token from the address, saves it and the permissions, and removes it from the address', async () => {
    const { result, fetchUser, replaceAddress } = start('/alarm/board/over?range=7d&token=abc#top');
    await expect(result).resolves.toEqual(user);
    expect(getToken()).toBe('abc');
    expect(readPermissions()).toEqual(['alarm-board-over-view']);
    expect(fetchUser).toHaveBeenCalledOnce();
    expect(replaceAddress).toHaveBeenCalledWith('/alarm/board/over?range=7d#top');
    expect(readPlantTimeZone()).toBe('Asia/Shanghai');
  });

  it('prefers the address token over a stored one', async () => {
    setToken('old');
    await start('/?token=new').result;
    expect(getToken()).toBe('new');
  });

  it('uses the stored token when the address has none, leaving the address alone', async () => {
    setToken('stored');
    const { result, replaceAddress } = start('/permission');
    await expect(result).resolves.toEqual(user);
    expect(getToken()).toBe('stored');
    expect(replaceAddress).not.toHaveBeenCalled();
  });

  it('sends the user to /403 without a token', async () => {
    const { result, fetchUser, goto } = start('/alarm/board/over');
    await expect(result).resolves.toBeUndefined();
    expect(goto).toHaveBeenCalledWith('/403');
    expect(fetchUser).not.toHaveBeenCalled();
  });

  it('stores no permissions when the user call fails', async () => {
    const { result } = start('/?token=bad', vi.fn().mockRejectedValue(new Error('登录已失效')));
    await expect(result).rejects.toThrow('登录已失效');
    expect(readPermissions()).toBeNull();
  });

  it('opens offline with the permissions and name of the last start-up (the watermark stays)', async () => {
    const online = start('/?token=abc', vi.fn().mockResolvedValue({ ...user, name: '王芳' }));
    await online.result;
    const { result } = start('/alarm/board/over', vi.fn().mockRejectedValue(new Error('Network Error')), false);
    await expect(result).resolves.toMatchObject({
      name: '王芳',
      permission: user.permission,
      plantTimeZone: 'Asia/Shanghai',
    });
  });

  it('still fails offline when no permissions were ever stored', async () => {
    setToken('stored');
    const { result } = start('/alarm/board/over', vi.fn().mockRejectedValue(new Error('Network Error')), false);
    await expect(result).rejects.toThrow('Network Error');
  });
});
