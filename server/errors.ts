/** Errors a handler or hook throws to answer with the envelope `{code, msg, data: null}`. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function unauthorized(): ApiError {
  return new ApiError(401, 401, '登录已失效，请重新登录');
}

export function forbidden(permission: string): ApiError {
  return new ApiError(403, 403, `没有权限执行此操作（需要 ${permission}）`);
}
