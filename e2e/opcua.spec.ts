import { OpcuaPlant } from '../server/dev/opcua-plant';
import { expect, pageTitle, test } from './fixtures';

// The plant raises its alarms at the real time, and 系统运行看板 counts them by the server's clock (its last hour, the
// live state): the page runs on the real clock too.
test.use({ pinnedClock: false });

let plant: OpcuaPlant;
test.beforeAll(async () => {
  plant = await OpcuaPlant.start();
});
test.afterAll(async () => {
  await plant?.stop();
});

test('数据采集: an OPC UA source is added, tested and enabled; an alarm raised on the plant shows on 系统运行看板 within seconds', async ({
  page,
}) => {
  await page.goto('/alarm/base/source');
  await expect(pageTitle(page)).toHaveText('数据采集');

  await page.getByRole('button', { name: '新建数据源' }).click();
  const form = page.getByRole('dialog', { name: '新建数据源' });
  await form.getByLabel('名称').fill('E2E OPC UA');
  await form.getByRole('radio', { name: 'OPC UA' }).check();
  await form.getByLabel('端点地址').fill('opc.tcp://');
  await form.getByRole('button', { name: /确\s*定/ }).click();
  await expect(form.getByText('端点地址须以 opc.tcp:// 开头并包含主机名')).toBeVisible();
  await form.getByLabel('端点地址').fill(plant.endpointUrl);
  await form.getByLabel('默认操作台').fill('E2E OPC操作台');
  await form.getByLabel('启用').click();
  await form.getByRole('button', { name: /确\s*定/ }).click();
  await expect(form).toBeHidden();
  const row = page.getByRole('row', { name: /E2E OPC UA/ });
  await expect(row).toContainText('停用');

  await row.getByRole('button', { name: '测试连接' }).click();
  const tested = page.getByRole('dialog', { name: '测试连接：E2E OPC UA' });
  await expect(tested).toContainText('连接成功');
  await expect(tested.getByRole('table', { name: '找到的报警条件' })).toContainText('LI-101');
  await tested.getByRole('button', { name: /关\s*闭/ }).click();

  await row.getByRole('button', { name: '启用' }).click();
  await expect(row).toContainText('已连接', { timeout: 15_000 });

  await page.goto('/alarm/op/system/run');
  await expect(page.getByLabel('数据采集状态')).toContainText('E2E OPC UA 已连接');
  const board = page.getByRole('table', { name: '各操作台状态' });
  await expect(board).toBeVisible();
  await expect(board.getByRole('row', { name: /E2E OPC操作台/ })).toHaveCount(0);
  plant.raise(plant.alarm('LI-101', 'PVHI'), 88);
  const fresh = board.getByRole('row', { name: /E2E OPC操作台/ });
  await expect(fresh).toBeVisible({ timeout: 5_000 });
  await expect(fresh.getByRole('cell').nth(1)).toHaveText('1');
});
