import { vi } from 'vitest';

export interface FakeAnswer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** reject like fetch does when nothing answers */
  networkError?: boolean;
}

export interface FakeCall {
  url: string;
  method: string;
  headers: Record<string, string>;
}

/**
 * Stubs global fetch with an HOJ-style server: each path answers with the next queued answer
 * (the last one repeats). Records every call.
 */
export function fakeServer(routes: Record<string, FakeAnswer[]>) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({
      url,
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string>) },
    });
    const queue = routes[new URL(url).pathname];
    if (!queue?.length) return Response.json({ status: 404, data: null, msg: 'not found' }, { status: 404 });
    const answer = queue.length > 1 ? queue.shift()! : queue[0];
    if (answer.networkError) throw new TypeError('Failed to fetch');
    const status = answer.status ?? 200;
    return Response.json(answer.body ?? { status, data: null, msg: '' }, { status, headers: answer.headers });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export const ok = (data: unknown, headers?: Record<string, string>): FakeAnswer => ({
  body: { status: 200, data, msg: 'success' },
  headers,
});

export const unauthorized: FakeAnswer = {
  status: 401,
  body: { status: 401, data: null, msg: 'Please login first' },
};

export const USER = {
  uid: '1',
  username: 'root',
  nickname: null,
  avatar: null,
  email: null,
  school: null,
  signature: null,
  realname: null,
  gender: null,
  titleName: null,
  titleColor: null,
  roleList: ['root'],
};
