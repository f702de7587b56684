import fc from 'fast-check';
import { type FuzzRequest, type FuzzRoute, type RequestOptions, requestArbitrary } from './requests';

/** One answer that breaks the promise: a 5xx the route does not declare, or no answer at all. */
export interface Failure {
  route: string;
  caller: string;
  index: number;
  status: number | string;
  answer: string;
  request: string;
}

export interface Caller {
  name: string;
  /** the token to send; null for the anonymous caller */
  token(): string | null;
  /** called after a logged-in caller got a 401 (its session was ended by a fuzzed call) */
  renew?(): Promise<void>;
}

export interface RouteResult {
  sent: number;
  failures: Failure[];
  /** answers per HTTP status */
  statuses: Record<number, number>;
  /** successful answers (2xx) */
  succeeded: number;
}

const cut = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);

/** The request as a short line for a report. */
export function describeRequest(r: FuzzRequest): string {
  const body =
    r.body === undefined
      ? ''
      : ` body=${cut(typeof r.body === 'string' ? r.body : `<${r.body.length} bytes>`)}`;
  return `${r.method} ${cut(r.target)} headers=${cut(JSON.stringify(r.headers))}${body}`;
}

/** A seed of its own per route and caller: adding a route never changes another's payloads. */
export function seedOf(base: number, key: string): number {
  let h = base | 0;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x9e3779b1);
  return h >>> 0;
}

export async function send(
  baseUrl: string,
  request: FuzzRequest,
  token: string | null,
  timeoutMs: number,
): Promise<{ status: number; text: string }> {
  const headers = { ...request.headers };
  if (token && !('authorization' in headers)) headers.authorization = token;
  const res = await fetch(`${baseUrl}${request.target.startsWith('/') ? '' : '/'}${request.target}`, {
    method: request.method,
    headers,
    ...(request.body !== undefined ? { body: request.body } : {}),
    redirect: 'manual',
    signal: AbortSignal.timeout(timeoutMs),
  });
  return { status: res.status, text: await res.text() };
}

/**
 * Sends `runs` generated requests to one route as one caller, a few at a time, and keeps every
 * answer that is a 5xx or missing.
 */
export async function fuzzRoute(
  baseUrl: string,
  route: FuzzRoute,
  caller: Caller,
  options: RequestOptions & { runs: number; seed: number; concurrency: number; timeoutMs: number },
): Promise<RouteResult> {
  const key = `${route.method} ${route.url}`;
  const requests = fc.sample(requestArbitrary(route, options), {
    seed: seedOf(options.seed, `${caller.name} ${key}`),
    numRuns: options.runs,
  });
  const result: RouteResult = { sent: 0, failures: [], statuses: {}, succeeded: 0 };
  const declared = new Set(Object.keys(route.schema.response ?? {}));
  let next = 0;
  let renewing: Promise<void> | null = null;
  const worker = async () => {
    for (;;) {
      const index = next++;
      const request = requests[index];
      if (!request) return;
      if (renewing) await renewing;
      let status: number | string = '';
      let text = '';
      // a second try when the connection broke: the server closes a connection after a request it
      // refused at the protocol level (a 431), and a request already on its way over it is lost;
      // a server that stopped answering fails the second try too
      for (let attempt = 0; attempt < 2 && typeof status === 'string'; attempt++) {
        try {
          ({ status, text } = await send(baseUrl, request, caller.token(), options.timeoutMs));
        } catch (e) {
          status = `no answer: ${(e as Error).message} ${String((e as { cause?: unknown }).cause ?? '')}`;
          if (!/other side closed|ECONNRESET|EPIPE/.test(status)) break;
        }
      }
      result.sent++;
      if (typeof status === 'number') {
        result.statuses[status] = (result.statuses[status] ?? 0) + 1;
        if (status >= 200 && status < 300) result.succeeded++;
        if (status === 401 && caller.renew && !('authorization' in request.headers)) {
          renewing ??= caller.renew().finally(() => {
            renewing = null;
          });
        }
      }
      if (typeof status === 'string' || (status >= 500 && !declared.has(String(status)))) {
        result.failures.push({
          route: key,
          caller: caller.name,
          index,
          status,
          answer: cut(text),
          request: describeRequest(request),
        });
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return result;
}
