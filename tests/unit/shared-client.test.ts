import { describe, expect, it, vi } from 'vitest';
import { ApiError, buildQuery, createApiClient } from '../../shared/api/client';
import { createAuthStore, localStoragePersistence, TOKEN_KEY, USER_INFO_KEY } from '../../shared/stores/auth';

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
  });

describe('API client', () => {
  it('sends the token, language and Url-Type, and unwraps data', async () => {
    const fetch = vi.fn(async () => json({ status: 200, data: { a: 1 }, msg: 'success' }));
    const client = createApiClient({
      baseUrl: 'http://x/',
      getToken: () => 'tok',
      getLanguage: () => 'en-US',
      fetch,
    });
    expect(await client.request('GET', '/api/y', { query: { a: 1, b: '', c: [1, 2] } })).toEqual({ a: 1 });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://x/api/y?a=1&c=1&c=2');
    expect(init.headers).toMatchObject({
      Authorization: 'tok',
      'Accept-Language': 'en-US',
      'Url-Type': 'general',
    });
  });

  it('takes a refreshed token from the response headers', async () => {
    const onTokenRefresh = vi.fn();
    const fetch = vi.fn(async () =>
      json(
        { status: 200, data: null, msg: '' },
        { headers: { Authorization: 'new', 'Refresh-Token': 'true' } },
      ),
    );
    await createApiClient({ baseUrl: '', getToken: () => 'old', onTokenRefresh, fetch }).request(
      'GET',
      '/api/z',
    );
    expect(onTokenRefresh).toHaveBeenCalledWith('new');
  });

  it('sends a given token instead of the stored one, and its answer leaves the stored login alone', async () => {
    const onTokenRefresh = vi.fn();
    const onUnauthorized = vi.fn();
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(
        json(
          { status: 200, data: null, msg: '' },
          { headers: { Authorization: 'new', 'Refresh-Token': 'true' } },
        ),
      )
      .mockResolvedValueOnce(json({ status: 401, data: null, msg: 'login' }, { status: 401 }));
    const client = createApiClient({
      baseUrl: '',
      getToken: () => null,
      onTokenRefresh,
      onUnauthorized,
      fetch,
    });
    await client.request('GET', '/api/logout', { token: 'old' });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).toMatchObject({ Authorization: 'old' });
    await expect(client.request('GET', '/api/logout', { token: 'dead' })).rejects.toMatchObject({
      status: 401,
    });
    expect(onTokenRefresh).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('rejects a body status other than 200 even on HTTP 200, and reports 401', async () => {
    const onUnauthorized = vi.fn();
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(json({ status: 400, data: null, msg: 'bad' }))
      .mockResolvedValueOnce(json({ status: 401, data: null, msg: 'login' }, { status: 401 }));
    const client = createApiClient({ baseUrl: '', getToken: () => null, onUnauthorized, fetch });
    await expect(client.request('GET', '/a')).rejects.toMatchObject({
      status: 400,
      httpStatus: 200,
      message: 'bad',
    });
    await expect(client.request('GET', '/b')).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('tells a network failure from a timeout', async () => {
    const down = createApiClient({
      baseUrl: '',
      getToken: () => null,
      fetch: async () => Promise.reject(new TypeError('x')),
    });
    await expect(down.request('GET', '/a')).rejects.toMatchObject({ kind: 'network', status: 0 });
    const slow = createApiClient({
      baseUrl: '',
      getToken: () => null,
      timeoutMs: 10,
      fetch: (_u, init) =>
        new Promise((_r, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    });
    await expect(slow.request('GET', '/a')).rejects.toMatchObject({ kind: 'timeout' });
  });

  it('builds query strings without empty values', () => {
    expect(buildQuery({ a: undefined, b: null, c: 0, d: false })).toBe('?c=0&d=false');
    expect(buildQuery({})).toBe('');
  });
});

describe('auth store', () => {
  it('keeps token and userInfo in localStorage under the agreed keys', async () => {
    localStorage.clear();
    const store = createAuthStore(localStoragePersistence(localStorage));
    const user = { uid: '1', username: 'root', roleList: ['root'] } as never;
    store.getState().setLogin('tok', user);
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok');
    expect(JSON.parse(localStorage.getItem(USER_INFO_KEY) ?? '{}').username).toBe('root');
    const other = createAuthStore(localStoragePersistence(localStorage));
    await other.getState().hydrate();
    expect(other.getState().token).toBe('tok');
    other.getState().clear();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});

describe('failure wording', () => {
  const t = (key: string) => key;
  it('uses the main catalogue, or the contest front end’s when asked', async () => {
    const { apiErrorText } = await import('../../shared/api/error-message');
    const notFound = new ApiError('status', 404, 404, '');
    expect(apiErrorText(notFound, t)).toBe('errors.notFound');
    expect(apiErrorText(notFound, t, 'contestSite.errors')).toBe('contestSite.errors.notFound');
    expect(apiErrorText(new Error('x'), t, 'contestSite.errors')).toBe('contestSite.errors.serverError');
  });
});
