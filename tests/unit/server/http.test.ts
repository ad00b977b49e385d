import { describe, expect, it } from 'vitest';
import { routeIndex } from '../../../common/routes';
import { effectiveAccess } from '../../../server/auth/permissions';
import { validationMessage } from '../../../server/plugins/errors';
import { contentSecurityPolicy } from '../../../server/plugins/security-headers';
import { cacheControlFor } from '../../../server/plugins/static-spa';
import { signInLink } from '../../../server/sign-in';

describe('effectiveAccess', () => {
  it('unites role and extra permissions in route-table order, dropping undeclared strings', () => {
    const roles = [
      { permissions: ['permission-view', 'gone-view'], isAdmin: false },
      { permissions: ['alarm-board-over-view'], isAdmin: false },
    ];
    expect(effectiveAccess(roles, ['alarm-mock-view', 'permission-view'])).toEqual({
      access: '',
      permissions: ['alarm-board-over-view', 'alarm-mock-view', 'permission-view'],
    });
  });

  it('gives an admin role every permission of the table, whatever it stores', () => {
    expect(effectiveAccess([{ permissions: [], isAdmin: true }], [])).toEqual({
      access: 'admin',
      permissions: routeIndex.permissions,
    });
  });

  it('gives nothing to a user without roles or extras', () => {
    expect(effectiveAccess([], [])).toEqual({ access: '', permissions: [] });
  });
});

describe('validationMessage', () => {
  const issue = (keyword: string, instancePath: string, params: Record<string, unknown> = {}) => ({
    keyword,
    instancePath,
    params,
  });

  it.each([
    [issue('maximum', '/pageSize', { limit: 200 }), 'querystring', '参数 pageSize 不合法：必须 ≤ 200'],
    [issue('minimum', '/current', { limit: 1 }), 'querystring', '参数 current 不合法：必须 ≥ 1'],
    [issue('required', '', { missingProperty: 'name' }), 'body', '参数 name 不合法：必填'],
    [issue('required', '/steps/0', { missingProperty: 'approver' }), 'body', '参数 steps.0.approver 不合法：必填'],
    [issue('type', '/id', { type: 'integer' }), 'params', '参数 id 不合法：必须是整数'],
    [issue('type', '', { type: 'object' }), 'body', '参数 请求体 不合法：必须是对象'],
    [issue('maxLength', '/name', { limit: 50 }), 'body', '参数 name 不合法：长度不能超过 50 个字符'],
    [issue('minLength', '/name', { limit: 1 }), 'body', '参数 name 不合法：不能为空'],
    [issue('enum', '/event', { allowedValues: ['ALM', 'RTN'] }), 'body', '参数 event 不合法：必须是 ALM、RTN 之一'],
    [
      issue('format', '/from', { format: 'date-time' }),
      'querystring',
      '参数 from 不合法：格式不正确（应为 date-time）',
    ],
    [issue('pattern', '/tag', { pattern: '^[A-Z]' }), 'body', '参数 tag 不合法：格式不正确'],
  ])('%o in %s → %s', (given, part, expected) => {
    expect(validationMessage([given], part)).toBe(expected);
  });

  it('names the accepted values of a union of literals', () => {
    const issues = [
      issue('const', '/priority', { allowedValue: 'urgent' }),
      issue('const', '/priority', { allowedValue: 'low' }),
      issue('anyOf', '/priority'),
    ];
    expect(validationMessage(issues, 'body')).toBe('参数 priority 不合法：必须是 urgent、low 之一');
  });
});

describe('static caching', () => {
  it.each([
    ['/srv/dist/umi.1a2b3c4d.js', 'public, max-age=31536000, immutable'],
    ['/srv/dist/umi.1a2b3c4d.css', 'public, max-age=31536000, immutable'],
    ['/srv/dist/p__Alarm__Board__Over.0f9e8d7c.async.js', 'public, max-age=31536000, immutable'],
    ['/srv/dist/static/logo.abcdef12.svg', 'public, max-age=31536000, immutable'],
    ['/srv/dist/index.html', 'no-cache'],
    ['/srv/dist/sw.js', 'no-cache'],
    ['/srv/dist/workbox-1a2b3c4d.js', 'public, max-age=31536000, immutable'],
    ['/srv/dist/manifest.webmanifest', 'no-cache'],
    ['/srv/dist/favicon.svg', 'no-cache'],
  ])('%s → %s', (file, expected) => {
    expect(cacheControlFor(file)).toBe(expected);
  });
});

describe('contentSecurityPolicy', () => {
  it('allows avatars from the avatar origin only when one is configured', () => {
    expect(contentSecurityPolicy()).toContain("img-src 'self' data: blob:;");
    expect(contentSecurityPolicy('https://cdn.example.com/avatars/')).toContain(
      "img-src 'self' data: blob: https://cdn.example.com;",
    );
    expect(contentSecurityPolicy()).toContain("frame-ancestors 'none'");
  });
});

describe('signInLink', () => {
  it('points at an address people can open', () => {
    expect(signInLink({ host: '127.0.0.1', port: 8000 }, 'abc-_1')).toBe('http://127.0.0.1:8000/?token=abc-_1');
    expect(signInLink({ host: '0.0.0.0', port: 80 }, 't')).toBe('http://127.0.0.1:80/?token=t');
    expect(signInLink({ host: '::1', port: 8000 }, 't')).toBe('http://[::1]:8000/?token=t');
  });
});
