import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import ExportButton from '@/components/ExportButton';
import { download } from '@/services/http';
import { formatDateTime } from '@/utils/datetime';
import { exportFileName, saveWorkbook } from '@/utils/export';
import { fromPlantPicker, toPlantPicker } from '@/utils/plantTime';
import { addressWithout, getQueryParam } from '@/utils/query';
import {
  clearSession,
  hasPermission,
  readPermissions,
  setToken,
  storePermissions,
  storePlantTimeZone,
} from '@/utils/session';
import { mockApi, startAppRuntime } from './helpers';

const server = mockApi();
startAppRuntime();

describe('query-string helper', () => {
  it('reads a parameter of the current location or a given search', () => {
    window.history.replaceState(null, '', '/alarm/board/over?unit=%E5%B8%B8%E5%87%8F%E5%8E%8B&range=7d');
    expect(getQueryParam('unit')).toBe('常减压');
    expect(getQueryParam('missing')).toBeNull();
    expect(getQueryParam('id', '?id=42')).toBe('42');
  });

  it('drops one parameter and keeps the rest of the address', () => {
    expect(addressWithout('token', { pathname: '/a', search: '?token=x', hash: '' })).toBe('/a');
    expect(addressWithout('token', { pathname: '/a', search: '?b=1&token=x&c=2', hash: '#h' })).toBe('/a?b=1&c=2#h');
  });
});

describe('date-time format (docs/original-console.md §9)', () => {
  it('is zero-padded year-month-day hours:minutes:seconds', () => {
    expect(formatDateTime(new Date(2026, 0, 2, 3, 4, 5))).toBe('2026-01-02 03:04:05');
  });

  it('formats the current time when none is given', () => {
    vi.useFakeTimers({ now: new Date(2026, 10, 22, 9, 8, 7), toFake: ['Date'] });
    expect(formatDateTime()).toBe('2026-11-22 09:08:07');
    vi.useRealTimers();
  });

  it("reads the plant's clock, whatever the browser's zone", () => {
    storePlantTimeZone('Asia/Shanghai');
    expect(formatDateTime('2026-01-01T16:04:05Z')).toBe('2026-01-02 00:04:05');
    storePlantTimeZone('America/New_York');
    expect(formatDateTime('2026-07-01T04:00:00.000Z')).toBe('2026-07-01 00:00:00');
  });
});

describe("date pickers on the plant's clock", () => {
  it('show the plant wall clock and read a pick back as the instant it names', () => {
    const shanghai = toPlantPicker('2026-03-01T16:30:00Z', 'Asia/Shanghai');
    expect([shanghai.date(), shanghai.hour(), shanghai.minute()]).toEqual([2, 0, 30]);
    expect(fromPlantPicker(shanghai, 'Asia/Shanghai').toISOString()).toBe('2026-03-01T16:30:00.000Z');
    // Either side of New York's spring change (8 March 2026, 02:00 EST → 03:00 EDT).
    for (const instant of ['2026-03-08T06:59:00.000Z', '2026-03-08T07:00:00.000Z', '2026-11-01T05:30:00.000Z']) {
      expect(fromPlantPicker(toPlantPicker(instant, 'America/New_York'), 'America/New_York').toISOString()).toBe(
        instant,
      );
    }
  });
});

describe('permission check (docs/original-console.md §6)', () => {
  it('is false with no stored list', () => {
    expect(readPermissions()).toBeNull();
    expect(hasPermission('alarm-board-over-view')).toBe(false);
  });

  it('is true only for a stored permission', () => {
    storePermissions(['alarm-board-over-view']);
    expect(hasPermission('alarm-board-over-view')).toBe(true);
    expect(hasPermission('permission-edit')).toBe(false);
  });

  it('is false after sign-out', () => {
    setToken('t');
    storePermissions(['permission-view']);
    clearSession();
    expect(hasPermission('permission-view')).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('is false for a corrupted stored list', () => {
    localStorage.setItem('permission', '{not json');
    expect(hasPermission('permission-view')).toBe(false);
  });
});

describe('spreadsheet export (docs/original-console.md §7)', () => {
  it('names the file with the current timestamp and .xlsx', () => {
    expect(exportFileName(new Date(2026, 10, 22, 9, 8, 7))).toBe('20261122090807.xlsx');
  });

  it('GETs the export with its query and the bearer, and saves the workbook under a timestamped name', async () => {
    setToken('tok');
    let seen: Request | undefined;
    server.use(
      http.get('/api/alarm/base/type/export', ({ request: req }) => {
        seen = req;
        return new HttpResponse(new Uint8Array([0x50, 0x4b, 3, 4]), {
          headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
        });
      }),
    );
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();

    saveWorkbook((await download('GET /alarm/base/type/export', { keyword: 'PV' })).workbook);

    expect(new URL(seen?.url ?? '').searchParams.get('keyword')).toBe('PV');
    expect(seen?.headers.get('authorization')).toBe('Bearer tok');
    expect(clicked).toHaveLength(1);
    expect(clicked[0].download).toMatch(/^\d{14}\.xlsx$/);
    expect(clicked[0].href).toBe('blob:export');
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:export');
    click.mockRestore();
  });

  it('rejects when the server refuses the export', async () => {
    server.use(
      http.get('/api/permission/roles/export', () =>
        HttpResponse.json({ code: 403, msg: '没有权限' }, { status: 403 }),
      ),
    );
    await expect(download('GET /permission/roles/export')).rejects.toThrow('没有权限');
  });
});

describe('the export button', { timeout: 20_000 }, () => {
  const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

  it('says the export has started, then how many rows the server wrote', async () => {
    let answer: (() => void) | undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.get('/api/alarm/base/type/export', async () => {
        await answered;
        return new HttpResponse(new Uint8Array([0x50, 0x4b, 3, 4]), {
          headers: { 'Content-Type': XLSX, 'X-Row-Count': '1234' },
        });
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();
    render(<ExportButton route="GET /alarm/base/type/export" />);
    await userEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    expect(await screen.findByText('正在导出…')).toBeInTheDocument();
    answer?.();
    expect(await screen.findByText('已导出 1234 行')).toBeInTheDocument();
    expect(screen.queryByText('正在导出…')).not.toBeInTheDocument();
    expect(click).toHaveBeenCalledOnce();
    click.mockRestore();
  });

  it('says why an export failed, once, in the words of the server or of the error catalogue', async () => {
    server.use(
      http.get('/api/permission/roles/export', () =>
        HttpResponse.json({ code: 1, msg: '导出条件不合法' }, { status: 400 }),
      ),
      http.get('/api/alarm/base/system/export', () => HttpResponse.error()),
    );
    render(<ExportButton route="GET /permission/roles/export" label="导出角色" />);
    await userEvent.click(screen.getByRole('button', { name: /导出角色/ }));
    expect(await screen.findByText('导出条件不合法')).toBeInTheDocument();
    render(<ExportButton route="GET /alarm/base/system/export" label="导出系统类型" />);
    await userEvent.click(screen.getByRole('button', { name: /导出系统类型/ }));
    expect(await screen.findByText('None response! Please retry.')).toBeInTheDocument();
    expect(screen.queryByText('Network Error')).not.toBeInTheDocument();
    expect(screen.queryByText('正在导出…')).not.toBeInTheDocument();
  });
});
