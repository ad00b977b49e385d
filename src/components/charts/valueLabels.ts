/**
 * Values written beside their marks, hidden where they would cover one another (each stays in the tooltip and the
 * board's table). ECharts weighs a label by its line box, as tall as the font size unless told, while the browser
 * paints 12 px CJK glyphs about 17.4 px tall (Noto Sans CJK's ascent and descent): labels 12–17 px apart passed its
 * check and were painted over each other. A line box as tall as the glyphs makes its check the painted one.
 */
export const LABEL_LINE_HEIGHT = 18;

export function valueLabels(label: Record<string, unknown> = {}) {
  return { label: { show: true, lineHeight: LABEL_LINE_HEIGHT, ...label }, labelLayout: { hideOverlap: true } };
}
