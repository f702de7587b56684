import { HTTP_TIMEOUT_MS } from '../constants/limits';
import type { ApiEnvelope } from './types';

export type ApiErrorKind = 'status' | 'timeout' | 'network';

/** A failed call: a body status other than 200, a timeout, or no answer at all. */
export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    /** body status (HOJ: 400, 401, 403, 404, 429, 500); 0 when there was no answer */
    readonly status: number,
    /** HTTP status; 0 when there was no answer */
    readonly httpStatus: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The server answered that what was asked for does not exist (HTTP 404). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.httpStatus === 404;
}

export interface ApiClientOptions {
  /** '' for the same origin (web app), or the server's origin (extension, tests) */
  baseUrl: string | (() => string);
  getToken: () => string | null | undefined;
  /** called with a new token when the server refreshes it (Authorization + Refresh-Token headers) */
  onTokenRefresh?: (token: string) => void;
  /** called when the server answers HTTP 401: the stored login is no longer valid */
  onUnauthorized?: (error: ApiError) => void;
  /** interface language sent as Accept-Language so the server answers in it */
  getLanguage?: () => string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;
  body?: unknown;
  /** HOJ's Url-Type header: 'admin' for admin paths */
  urlType?: 'admin' | 'general';
  /** do not send the stored token (login) */
  anonymous?: boolean;
  /**
   * send this token instead of the stored one (logout, after the app has already forgotten it);
   * the answer then neither refreshes nor clears the stored login
   */
  token?: string | null;
}

export interface RawResponse<T> {
  data: T;
  msg: string;
  headers: Headers;
}

export interface ApiClient {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>;
  requestRaw<T>(method: string, path: string, options?: RequestOptions): Promise<RawResponse<T>>;
  baseUrl(): string;
}

export function buildQuery(query: RequestOptions['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const baseUrl = () => {
    const b = typeof options.baseUrl === 'function' ? options.baseUrl() : options.baseUrl;
    return b.replace(/\/+$/, '');
  };

  async function requestRaw<T>(
    method: string,
    path: string,
    opts: RequestOptions = {},
  ): Promise<RawResponse<T>> {
    const headers: Record<string, string> = { 'Url-Type': opts.urlType ?? 'general' };
    const token = opts.anonymous ? null : opts.token !== undefined ? opts.token : options.getToken();
    if (token) headers.Authorization = token;
    const lang = options.getLanguage?.();
    if (lang) headers['Accept-Language'] = lang;
    let body: string | FormData | undefined;
    if (opts.body instanceof FormData) {
      // multipart uploads: fetch writes the boundary into the content type
      body = opts.body;
    } else if (opts.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    let res: Response;
    try {
      res = await doFetch(`${baseUrl()}${path}${buildQuery(opts.query)}`, {
        method,
        headers,
        body,
        signal: AbortSignal.timeout(options.timeoutMs ?? HTTP_TIMEOUT_MS),
      });
    } catch (e) {
      const timedOut = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
      throw new ApiError(timedOut ? 'timeout' : 'network', 0, 0, timedOut ? 'timeout' : 'network');
    }
    const refreshed = res.headers.get('Refresh-Token');
    const newToken = res.headers.get('Authorization');
    const usesStoredToken = opts.token === undefined;
    if (refreshed && newToken && usesStoredToken) options.onTokenRefresh?.(newToken);

    let envelope: ApiEnvelope<T> | null = null;
    try {
      envelope = (await res.json()) as ApiEnvelope<T>;
    } catch {
      envelope = null;
    }
    const status = envelope?.status ?? res.status;
    if (!res.ok || (envelope && envelope.status !== undefined && envelope.status !== 200)) {
      const error = new ApiError('status', status, res.status, envelope?.msg ?? '', envelope?.data ?? null);
      if (res.status === 401 && usesStoredToken) options.onUnauthorized?.(error);
      throw error;
    }
    return { data: (envelope?.data ?? null) as T, msg: envelope?.msg ?? '', headers: res.headers };
  }

  return {
    requestRaw,
    async request<T>(method: string, path: string, opts?: RequestOptions) {
      return (await requestRaw<T>(method, path, opts)).data;
    },
    baseUrl,
  };
}
