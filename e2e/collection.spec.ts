import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, pageTitle, test } from './fixtures';

// The journal is written at the real time, and 系统运行看板 counts it by the server's clock (its last hour, the live
// state): the page runs on the real clock too.
test.use({ pinnedClock: false });

function dropDir(): string {
  const dir = process.env.E2E_DROP_DIR;
  if (!dir) throw new Error('E2E_DROP_DIR is set by the server fixture of e2e/fixtures.ts');
  return dir;
}

test('数据采集: a folder source is added and tested; a journal dropped in it shows on 系统运行看板 within seconds', async ({
  page,
}) => {
  const folder = path.join(dropDir(), 'e2e-line');
  mkdirSync(folder, { recursive: true });
  await page.goto('/alarm/base/source');
  await expect(pageTitle(page)).toHaveText('数据采集');
  await expect(page.getByText('还没有数据源，点击「新建数据源」添加')).toBeVisible();

  await page.getByRole('button', { name: '新建数据源' }).click();
  const form = page.getByRole('dialog', { name: '新建数据源' });
  await form.getByRole('button', { name: /确\s*定/ }).click();
  await expect(form.getByText('请输入名称')).toBeVisible();
  await form.getByLabel('名称').fill('E2E 投放目录');
  await form.getByLabel('子文件夹').fill('../outside');
  await expect(form.getByText('子文件夹不能包含 . 或 .. 路径段')).toBeVisible();
  await form.getByLabel('子文件夹').fill('e2e-line');
  await form.getByLabel('默认装置').fill('E2E采集装置');
  await form.getByLabel('默认操作台').fill('E2E采集操作台');
  await form.getByRole('button', { name: /确\s*定/ }).click();
  await expect(form).toBeHidden();
  const row = page.getByRole('row', { name: /E2E 投放目录/ });
  await expect(row).toContainText('已连接');

  await row.getByRole('button', { name: '测试连接' }).click();
  const tested = page.getByRole('dialog', { name: '测试连接：E2E 投放目录' });
  await expect(tested).toContainText('连接成功');
  await expect(tested).toContainText('文件夹可读，等待导入的日志文件 0 个');
  await tested.getByRole('button', { name: /关\s*闭/ }).click();

  await page.goto('/alarm/op/system/run');
  await expect(pageTitle(page)).toHaveText('系统运行看板');
  await expect(page.getByLabel('数据采集状态')).toContainText('E2E 投放目录 已连接');
  const board = page.getByRole('table', { name: '各操作台状态' });
  await expect(board).toBeVisible();
  await expect(board.getByRole('row', { name: /E2E采集操作台/ })).toHaveCount(0);

  // Written beside the folder's journals under another name, then renamed in: the collector sees it whole.
  const now = Date.now();
  const lines = ['time,tag,condition,event,priority'];
  for (let i = 0; i < 3; i++) lines.push(`${new Date(now - 60_000 + i * 1000).toISOString()},E2E-COL-${i},PVHI,ALM,高`);
  const staging = path.join(dropDir(), 'journal.partial');
  writeFileSync(staging, lines.join('\n'));
  renameSync(staging, path.join(folder, 'journal.csv'));

  const fresh = board.getByRole('row', { name: /E2E采集操作台/ });
  await expect(fresh).toBeVisible({ timeout: 10_000 });
  await expect(fresh.getByRole('cell').nth(1)).toHaveText('3');
});
