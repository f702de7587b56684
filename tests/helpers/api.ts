import { type ApiClient, ApiError, createApiClient } from '../../shared/api/client';
import { createConsoleEndpoints } from '../../shared/api/console-endpoints';
import { createEndpoints } from '../../shared/api/endpoints';
import type { Submission, SubmissionListItem } from '../../shared/api/types';
import { isInProgress } from '../../shared/constants/judge-status';

export interface TestClient {
  raw: ApiClient;
  api: ReturnType<typeof createEndpoints> & ReturnType<typeof createConsoleEndpoints>;
  token: string | null;
  setToken(token: string | null): void;
  login(username: string, password: string): Promise<void>;
}

/** A client as a HOJ-style front end would use it, in the given interface language. */
export function testClient(baseUrl: string, language = 'en-US'): TestClient {
  const state = { token: null as string | null };
  const raw = createApiClient({
    baseUrl,
    getToken: () => state.token,
    onTokenRefresh: (t) => {
      state.token = t;
    },
    getLanguage: () => language,
  });
  const api = { ...createEndpoints(raw), ...createConsoleEndpoints(raw) };
  return {
    raw,
    api,
    get token() {
      return state.token;
    },
    setToken(t) {
      state.token = t;
    },
    async login(username, password) {
      const res = await api.login({ username, password });
      state.token = res.token;
    },
  };
}

/** The failure a call ends in (fails the test if it succeeds). */
export async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected the call to fail');
}

/** Polls like the web app (every ~2 s in the app; faster here) until the verdict is final. */
export async function waitForVerdict(
  client: TestClient,
  submitId: number,
  timeoutMs = 90_000,
  /** a contest submission is polled through the contest's own call */
  cid?: number,
): Promise<SubmissionListItem> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const map = cid
      ? await client.api.checkContestSubmissionsStatus(cid, [submitId])
      : await client.api.checkSubmissionsStatus([submitId]);
    const row = map[String(submitId)];
    if (row && !isInProgress(row.status)) return row;
    if (Date.now() > deadline)
      throw new Error(`submission ${submitId} still ${row?.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export const A_PLUS_B: Record<string, string> = {
  'C++':
    '#include <iostream>\nint main(){long long a,b;std::cin>>a>>b;std::cout<<a+b<<std::endl;return 0;}\n',
  C: '#include <stdio.h>\nint main(void){long long a,b;if(scanf("%lld %lld",&a,&b)!=2)return 1;printf("%lld\\n",a+b);return 0;}\n',
  Python3: 'a, b = map(int, input().split())\nprint(a + b)\n',
};

export type { Submission };
