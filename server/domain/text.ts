/**
 * Text an import cannot store as written, checked the same way for every import: PostgreSQL text
 * cannot hold NUL, and U+FFFD is what a UTF-8 decoder leaves of bytes that were not UTF-8 (a GBK file
 * saved by Excel). The answer completes a sentence that starts with the column's label.
 */
export function unstorableText(text: string): string | undefined {
  if (text.includes('\uFFFD')) {
    return '含有无法识别的字符（�）：文件可能不是 UTF-8 编码（如 GBK），请在 Excel 中另存为“CSV UTF-8（逗号分隔）”';
  }
  if (text.includes('\u0000')) return '含有空字符（NUL），请删除';
  return undefined;
}
