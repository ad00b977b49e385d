/**
 * The one error handler: every failure leaves as the envelope `{code, msg, data: null}` with a Chinese
 * message a person can act on. A 500 says nothing about its cause; the log does.
 */
import path from 'node:path';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable';
import { ApiError } from '../errors';
import { isApiPath } from './route-permissions';
import { sendSpaShell } from './static-spa';

interface ValidationIssue {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

const partNames: Record<string, string> = {
  body: '请求体',
  querystring: '查询参数',
  params: '路径参数',
  headers: '请求头',
};

const typeNames: Record<string, string> = {
  integer: '整数',
  number: '数字',
  string: '字符串',
  boolean: '布尔值',
  array: '数组',
  object: '对象',
  null: '空值',
};

function fieldName(issue: ValidationIssue, part: string): string {
  const segments = issue.instancePath.split('/').filter(Boolean);
  const child = issue.params.missingProperty ?? issue.params.additionalProperty;
  if (typeof child === 'string') segments.push(child);
  return segments.length ? segments.join('.') : (partNames[part] ?? part);
}

function reason(issue: ValidationIssue, issues: ValidationIssue[]): string {
  const { limit } = issue.params;
  switch (issue.keyword) {
    case 'required':
      return '必填';
    case 'additionalProperties':
      return '不是可接受的字段';
    case 'type':
      return `必须是${String(issue.params.type)
        .split(',')
        .map((type) => typeNames[type] ?? type)
        .join('或')}`;
    case 'maximum':
      return `必须 ≤ ${limit}`;
    case 'minimum':
      return `必须 ≥ ${limit}`;
    case 'exclusiveMaximum':
      return `必须 < ${limit}`;
    case 'exclusiveMinimum':
      return `必须 > ${limit}`;
    case 'maxLength':
      return `长度不能超过 ${limit} 个字符`;
    case 'minLength':
      return limit === 1 ? '不能为空' : `长度不能少于 ${limit} 个字符`;
    case 'maxItems':
      return `最多 ${limit} 项`;
    case 'minItems':
      return `至少 ${limit} 项`;
    case 'uniqueItems':
      return '不能有重复项';
    case 'enum':
      return `必须是 ${(issue.params.allowedValues as unknown[]).join('、')} 之一`;
    case 'const':
      return `必须是 ${issue.params.allowedValue}`;
    case 'format':
      return `格式不正确（应为 ${issue.params.format}）`;
    case 'anyOf': {
      // A union of literals: name the accepted values rather than the schema branches.
      const allowed = issues
        .filter((other) => other.keyword === 'const' && other.instancePath === issue.instancePath)
        .map((other) => other.params.allowedValue);
      return allowed.length ? `必须是 ${allowed.join('、')} 之一` : '格式不正确';
    }
    default:
      return '格式不正确';
  }
}

export function validationMessage(issues: ValidationIssue[], part = 'body'): string {
  const issue = issues.find((candidate) => candidate.keyword === 'anyOf') ?? issues[0];
  if (!issue) return '参数不合法';
  return `参数 ${fieldName(issue, part)} 不合法：${reason(issue, issues)}`;
}

function formatBytes(bytes: number): string {
  return bytes >= 1_048_576 ? `${Math.round((bytes / 1_048_576) * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`;
}

function clientErrorMessage(error: FastifyError, request: FastifyRequest): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return `请求内容过大：上限 ${formatBytes(request.routeOptions.bodyLimit ?? 0)}`;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return `不支持的内容类型 ${request.headers['content-type'] ?? ''}：请发送 application/json`.trim();
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return '请求体为空：Content-Type 为 application/json 时必须带 JSON 内容';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return '请求体不是合法的 JSON';
    case 'FST_ERR_BAD_URL':
      return '请求地址不合法：含有无法解码的 % 转义';
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return '请求地址过长';
  }
  if (error instanceof SyntaxError) return '请求体不是合法的 JSON';
  if (error.statusCode === 403) return '禁止访问';
  return error.statusCode === 404 ? '资源不存在' : '请求不合法';
}

/**
 * busboy (behind @fastify/multipart) refuses a body that is not well-formed multipart (cut short, no
 * boundary) with plain Errors without a status or code: the client's fault, not the server's.
 */
const MALFORMED_MULTIPART = /^Multipart: Boundary not found$|unexpected end of multipart data$/i;

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof ApiError) {
    return reply.code(error.statusCode).send({ code: error.code, msg: error.message, data: null });
  }
  if (error.statusCode === undefined && MALFORMED_MULTIPART.test(error.message)) {
    const msg = '上传内容不完整或不是合法的 multipart/form-data：请重新选择文件上传';
    return reply.code(400).send({ code: 1, msg, data: null });
  }
  if (error.validation) {
    const msg = validationMessage(error.validation as ValidationIssue[], error.validationContext);
    return reply.code(400).send({ code: 1, msg, data: null });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return reply.code(status).send({ code: 1, msg: clientErrorMessage(error, request), data: null });
  }
  request.log.error({ err: error }, 'request failed');
  if (isDatabaseUnavailable(error)) {
    return reply.code(503).send({ code: 503, msg: '数据库暂不可用，请稍后重试', data: null });
  }
  return reply.code(500).send({ code: 500, msg: '服务器内部错误，请稍后重试', data: null });
}

/** Unknown `/api` paths get the envelope; with the SPA served, a page path gets its shell. */
export function notFoundHandler(spa: boolean) {
  return (request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    const api = isApiPath(request.url);
    const pathname = request.url.split('?')[0] ?? '';
    // A missing `.js` or `.png` is a real 404, not a page: the shell there would break the caller.
    if (spa && !api && request.method === 'GET' && !path.posix.extname(pathname)) return sendSpaShell(reply);
    return reply.code(404).send({ code: 1, msg: api ? '接口不存在' : '页面不存在', data: null });
  };
}
