import { type SseMessage, SseParser } from '../../shared/api/sse';

export interface TestStream {
  status: number;
  /** the body of a refused stream (the JSON envelope) */
  refusal: { status: number; msg: string } | null;
  messages: SseMessage[];
  comments: string[];
  /** resolves with the first message of `event` (after `from`, an index into messages) that passes `match` */
  next<T = unknown>(
    event: string,
    match?: (data: T) => boolean,
    timeoutMs?: number,
    from?: number,
  ): Promise<{ data: T; id: string | null }>;
  /** resolves when `n` comment lines were read */
  comment(n: number, timeoutMs?: number): Promise<void>;
  lastId(): string | null;
  close(): void;
  closed: Promise<void>;
}

/** Opens GET /api/events as a client would (fetch, Accept: text/event-stream) and records what arrives. */
export async function openStream(
  baseUrl: string,
  options: {
    token?: string | null;
    contest?: number;
    lastEventId?: string;
    accept?: string | null;
    language?: string;
  } = {},
): Promise<TestStream> {
  const abort = new AbortController();
  const headers: Record<string, string> = { 'Accept-Language': options.language ?? 'en-US' };
  if (options.accept !== null) headers.Accept = options.accept ?? 'text/event-stream';
  if (options.token) headers.Authorization = options.token;
  if (options.lastEventId) headers['Last-Event-ID'] = options.lastEventId;
  const query = options.contest ? `?contest=${options.contest}` : '';
  const res = await fetch(`${baseUrl}/api/events${query}`, { headers, signal: abort.signal });
  const messages: SseMessage[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const w of [...waiters]) w();
  };
  let refusal: TestStream['refusal'] = null;
  let closed: Promise<void> = Promise.resolve();
  if (res.ok && res.body) {
    const parser = new SseParser(
      (m) => {
        messages.push(m);
        wake();
      },
      (c) => {
        comments.push(c);
        wake();
      },
    );
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    closed = (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          parser.push(decoder.decode(value, { stream: true }));
        }
      } catch {
        // aborted
      }
    })();
  } else {
    refusal = (await res.json()) as { status: number; msg: string };
  }
  const waitFor = <R>(find: () => R | undefined, timeoutMs: number, what: string) =>
    new Promise<R>((resolve, reject) => {
      const check = () => {
        const found = find();
        if (found === undefined) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(
          new Error(`no ${what} within ${timeoutMs} ms; got ${messages.map((m) => m.event).join(', ')}`),
        );
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  return {
    status: res.status,
    refusal,
    messages,
    comments,
    next<T>(event: string, match?: (data: T) => boolean, timeoutMs = 30_000, from = 0) {
      return waitFor(
        () => {
          for (const m of messages.slice(from)) {
            if (m.event !== event) continue;
            const data = JSON.parse(m.data) as T;
            if (!match || match(data)) return { data, id: m.id };
          }
          return undefined;
        },
        timeoutMs,
        `${event} event`,
      );
    },
    comment(n: number, timeoutMs = 10_000) {
      return waitFor(() => (comments.length >= n ? true : undefined), timeoutMs, `${n} comment lines`).then(
        () => undefined,
      );
    },
    lastId() {
      for (let i = messages.length - 1; i >= 0; i--) if (messages[i].id !== null) return messages[i].id;
      return null;
    },
    close() {
      abort.abort();
    },
    closed,
  };
}
