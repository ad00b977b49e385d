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

/**
 * A refused write (code 1): `status` 400 for bad input, 403 for a record that is someone else's to change
 * (the SPA shows the message and stays; code 403 would end the session), 404 for a missing record, 409 for a
 * conflict.
 */
export function refused(status: 400 | 403 | 404 | 409 | 422, message: string): ApiError {
  return new ApiError(status, 1, message);
}
