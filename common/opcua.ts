/**
 * OPC UA source settings (数据采集), checked alike by the page's form and the server (docs/api.md, "Data
 * collection"): the endpoint address, the Severity bands of the priorities, the value field's browse name.
 */
import type { SeverityBands } from '../contract/sources';

/** The default bands: 1–250 低, 251–500 中, 501–750 高, 751–1000 紧急. */
export const DEFAULT_SEVERITY_BANDS: SeverityBands = Object.freeze({ low: 250, medium: 500, high: 750 });

/** Bands that are refused, with the Chinese message shown to the user; null when they are fine. */
export function severityBandsProblem(bands: SeverityBands): string | null {
  const { low, medium, high } = bands;
  for (const value of [low, medium, high]) {
    if (!Number.isInteger(value) || value < 1 || value > 999) return '严重度分级的上限须为 1–999 的整数';
  }
  if (!(low < medium && medium < high)) return '严重度分级须递增：低 < 中 < 高';
  return null;
}

/** The endpoint URL as stored, or the Chinese reason it is refused: `opc.tcp://host:port[/path]`. */
export function endpointUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return '端点地址格式不正确，应为 opc.tcp://主机:端口';
  }
  if (url.protocol !== 'opc.tcp:' || !url.hostname) return '端点地址须以 opc.tcp:// 开头并包含主机名';
  if (url.username || url.password) return '端点地址中不能包含用户名或密码，请填写在登录信息中';
  return null;
}

/** A further event field as a browse name (`Value`, `1:Value`, `2:Input.Value`), or the reason it is refused. */
export function valueFieldProblem(value: string): string | null {
  if (!value) return null;
  return /^(\d{1,5}:)?[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)*$/.test(value)
    ? null
    : '数值字段须为浏览名，例如 Value 或 1:Value';
}
