import { expect, pageTitle, test } from './fixtures';

const csv = (rows: string[]) => ({
  name: 'journal.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(['time,tag,condition,event,priority,console,unit', ...rows].join('\n')),
});

test('journal import: a bad row shows the error table and stores nothing; a good file shows the imported count', async ({
  page,
}) => {
  await page.goto('/alarm/mock');
  await expect(pageTitle(page)).toHaveText('模拟');
  const fileInput = page.locator('input[type="file"]');

  await fileInput.setInputFiles(
    csv([
      '2025-01-01 08:00:00,E2E-1,PVHI,ALM,低,E2E操作台,E2E装置',
      '2025-01-01 08:00:05,E2E-1,PVHI,BOOM,低,E2E操作台,E2E装置',
    ]),
  );
  const report = page.getByRole('table', { name: '错误报告' });
  await expect(report).toContainText('事件类型无效');
  await expect(report.getByRole('cell', { name: '3', exact: true })).toBeVisible();

  // Nothing stored: the journal batch list of imports is still empty.
  const stored = await page.evaluate(async () => {
    const token = localStorage.getItem('token') ?? '';
    const response = await fetch('/api/alarm/mock/batches?source=import', {
      headers: { authorization: `Bearer ${token}` },
    });
    return (await response.json()).data.total;
  });
  expect(stored).toBe(0);

  await fileInput.setInputFiles(
    csv([
      '2025-01-01 08:00:00,E2E-1,PVHI,ALM,低,E2E操作台,E2E装置',
      '2025-01-01 08:00:05,E2E-1,PVHI,RTN,低,E2E操作台,E2E装置',
    ]),
  );
  await expect(page.getByText('导入成功：2 条事件，跳过重复 0 条')).toBeVisible();
});
