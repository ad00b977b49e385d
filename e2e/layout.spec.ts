import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Layouts at the widths of office screens: tables whose fixed 操作 column covers no cell's text, action
 * links inside their table, card titles on one line, chart labels clear of each other, links in the
 * primary colour. Measured on the demo plant as admin.
 */

const WIDTHS = [1280, 1440];
/** The primary colour of config/defaultSettings.ts, as computed styles give it. */
const PRIMARY = 'rgb(24, 144, 255)';

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

const overlaps = (a: Box, b: Box) =>
  Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 &&
  Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;

async function open(page: Page, width: number, path: string) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(path);
}

/**
 * The visible text of every body cell outside the fixed columns, each clipped to its cell (an ellipsis hides
 * the rest), beside the boxes of the fixed cells, with the table scrolled to its start.
 */
async function cellTextAndFixedCells(table: Locator) {
  return table.evaluate((element) => {
    for (const scroller of element.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body'))
      scroller.scrollLeft = 0;
    const box = (rect: DOMRect) => ({ left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom });
    const fixed: ReturnType<typeof box>[] = [];
    const texts: { text: string; box: ReturnType<typeof box> }[] = [];
    for (const cell of element.querySelectorAll<HTMLElement>('tbody td')) {
      const cellBox = cell.getBoundingClientRect();
      if (cell.matches('.ant-table-cell-fix-right, .ant-table-cell-fix-left')) {
        fixed.push(box(cellBox));
        continue;
      }
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) {
          const clipped = {
            left: Math.max(rect.left, cellBox.left),
            right: Math.min(rect.right, cellBox.right),
            top: Math.max(rect.top, cellBox.top),
            bottom: Math.min(rect.bottom, cellBox.bottom),
          };
          if (clipped.right > clipped.left && clipped.bottom > clipped.top)
            texts.push({ text: node.textContent, box: clipped });
        }
      }
    }
    return { fixed, texts };
  });
}

async function expectNothingCoveredByFixedColumn(table: Locator) {
  const { fixed, texts } = await cellTextAndFixedCells(table);
  expect(texts.length).toBeGreaterThan(0);
  const covered = texts.filter((text) => fixed.some((cell) => overlaps(cell, text.box))).map((text) => text.text);
  expect(covered, 'cell text under the fixed column').toEqual([]);
}

async function expectActionsInsideTable(table: Locator) {
  const tableBox = (await table.locator('.ant-table').first().boundingBox()) as NonNullable<
    Awaited<ReturnType<Locator['boundingBox']>>
  >;
  const actions = table.locator('tbody td:last-child button');
  expect(await actions.count()).toBeGreaterThan(0);
  for (const action of await actions.all()) {
    const box = await action.boundingBox();
    expect(box, 'an action link').not.toBeNull();
    if (!box) continue;
    expect(box.x + box.width, `${await action.textContent()} inside the table`).toBeLessThanOrEqual(
      tableBox.x + tableBox.width + 0.5,
    );
  }
}

/** A card title on one line: its height is within one line's height. */
async function expectOneLine(title: Locator) {
  const { height, lineHeight } = await title.evaluate((element) => ({
    height: element.getBoundingClientRect().height,
    lineHeight: Number.parseFloat(getComputedStyle(element).lineHeight),
  }));
  expect(height).toBeLessThan(lineHeight * 1.5);
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test('报警列表: the fixed 操作 column covers no cell, links in the primary colour', async ({ page }) => {
      await open(page, width, '/alarm/bases/list');
      const table = page.locator('.ant-pro-table');
      await expect(table.getByRole('row').nth(5)).toBeVisible();
      await expectNothingCoveredByFixedColumn(table);
      await expectActionsInsideTable(table);
      const link = table.locator('tbody').getByRole('button').first();
      await expect(link).toHaveCSS('color', PRIMARY);
    });

    test('审批管理: the fixed 操作 column covers no cell', async ({ page }) => {
      await open(page, width, '/alarm/approve/list');
      const table = page.locator('.ant-pro-table');
      await page.getByRole('tab', { name: '全部' }).click();
      await expect(table.locator('tbody').getByRole('row').first()).toContainText(/\d/);
      await expectNothingCoveredByFixedColumn(table);
      await expectActionsInsideTable(table);
    });

    test('多工况管理: the card title on one line, its actions inside the table', async ({ page }) => {
      await open(page, width, '/alarm/op/working');
      // The demo plant's unit with conditions: units other specs add, without any, may come first.
      const unit = page.getByRole('combobox', { name: '装置' });
      await page.locator('.ant-select', { has: unit }).click();
      await page
        .locator('.ant-select-item-option')
        .filter({ hasText: /^催化裂化装置（/ })
        .click();
      const card = page
        .locator('.ant-pro-card')
        .filter({ has: page.getByRole('table') })
        .first();
      const title = card.locator('.ant-pro-card-title').first();
      await expect(title).toHaveText('催化裂化装置 的工况');
      await expectOneLine(title);
      const table = page.locator('.ant-pro-table').first();
      await expect(table.getByRole('button', { name: '编辑' }).first()).toBeVisible();
      await expectNothingCoveredByFixedColumn(table);
      await expectActionsInsideTable(table);
    });
  });
}

/** A chart drawn live by ECharts (in SVG here), the pointer off it. */
async function liveChart(page: Page, label: string) {
  const chart = page.getByRole('img', { name: label });
  await chart.scrollIntoViewIfNeeded();
  // A first-view chart may show the server's picture of it until the pointer reaches it.
  await chart.hover();
  await expect(chart.locator('svg text').first()).toBeAttached();
  // A hovered item shows, in its emphasis, the labels hidden for overlapping: measured at rest instead.
  await page.mouse.move(0, 0);
  return chart;
}

/** The boxes of a chart's drawn texts and shapes. */
async function chartDrawing(chart: Locator) {
  return chart.locator('svg').evaluate((svg) => {
    const box = (rect: DOMRect) => ({ left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom });
    const shown = (element: Element) =>
      getComputedStyle(element).display !== 'none' && Number(element.getAttribute('opacity') ?? 1) > 0;
    // Backgrounds that paint nothing (the chart's, the legend's: no fill, a fully transparent one, no border).
    const number = (shape: Element, name: string, otherwise: number) => Number(shape.getAttribute(name) ?? otherwise);
    const painted = (shape: Element) =>
      ((shape.getAttribute('fill') ?? 'black') !== 'none' && number(shape, 'fill-opacity', 1) > 0) ||
      ((shape.getAttribute('stroke') ?? 'none') !== 'none' &&
        number(shape, 'stroke-width', 1) > 0 &&
        number(shape, 'stroke-opacity', 1) > 0);
    return {
      texts: [...svg.querySelectorAll('text')]
        .filter((text) => shown(text) && text.textContent?.trim())
        .map((text) => ({ text: text.textContent as string, box: box(text.getBoundingClientRect()) })),
      shapes: [...svg.querySelectorAll('path, rect')]
        .filter((shape) => shown(shape) && painted(shape))
        .map((shape) => ({ shape: shape.outerHTML.slice(0, 300), box: box(shape.getBoundingClientRect()) })),
    };
  });
}

type Drawing = Awaited<ReturnType<typeof chartDrawing>>;

function overlappingTexts({ texts }: Drawing): string[] {
  const found: string[] = [];
  texts.forEach((a, i) => {
    for (const b of texts.slice(i + 1)) if (overlaps(a.box, b.box)) found.push(`${a.text} × ${b.text}`);
  });
  return found;
}

/** A legend entry's text lies on no bar, line or axis; its own icon sits beside it, not under it. */
function legendOnShapes(drawing: Drawing, names: string[]): string[] {
  return drawing.texts
    .filter((text) => names.includes(text.text))
    .flatMap((text) =>
      drawing.shapes.filter((shape) => overlaps(shape.box, text.box)).map((shape) => `${text.text} on ${shape.shape}`),
    );
}

test.describe('chart labels at 1440 px', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  test('报警总览: the 优先级分布 legend is off the bars, its labels apart', async ({ page }) => {
    await open(page, 1440, '/alarm/board/over?range=30d');
    const chart = await liveChart(page, '优先级分布');
    // Polled: the pointer's leaving is drawn at the next frame.
    await expect.poll(async () => overlappingTexts(await chartDrawing(chart))).toEqual([]);
    await expect.poll(async () => legendOnShapes(await chartDrawing(chart), ['实际', '目标'])).toEqual([]);
  });

  test('系统改进看板: values, legend, axis names and change marks apart, by week and by month', async ({ page }) => {
    for (const period of ['week', 'month']) {
      await open(page, 1440, `/alarm/op/system/improve?range=30d&period=${period}`);
      for (const label of ['改进趋势', '异常报警发现与处置']) {
        const chart = await liveChart(page, label);
        await expect.poll(async () => overlappingTexts(await chartDrawing(chart)), `${label} (${period})`).toEqual([]);
      }
    }
  });
});
