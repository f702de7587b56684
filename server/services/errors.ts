/**
 * A business failure the client should see: HTTP status = body status (docs/architecture.md, Wire
 * format), and a message key from locales/ (section `server` unless the key names its section),
 * translated into the caller's language by the error handler.
 */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 429 | 500 | 503,
    readonly key: string,
    readonly params: Record<string, string | number> = {},
    readonly data: unknown = null,
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export const badRequest = (key: string, params?: Record<string, string | number>) =>
  new AppError(400, key, params);
export const unauthorized = (key = 'server.pleaseLogin') => new AppError(401, key);
export const forbidden = (key = 'server.noPermission', params?: Record<string, string | number>) =>
  new AppError(403, key, params);
export const notFound = (key = 'server.notFound') => new AppError(404, key);
