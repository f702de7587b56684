import { LIVE, LIVE_EVENTS, type LiveEvent, type LiveEventName } from '../constants/live';
import { SseParser } from './sse';

export interface LiveClientOptions {
  /** the stream's address: the server's origin ('' for the same origin), `/api/events` and its topics */
  url: () => string;
  /** the login's token, sent in the Authorization header (never in the address, which ends up in logs) */
  getToken: () => string | null | undefined;
  getLanguage?: () => string;
  fetch?: typeof fetch;
  onEvent: (event: LiveEvent) => void;
  /**
   * Healthy: the stream is open (or dropped a moment ago and being resumed); polling may rest. Not
   * healthy: refused, blocked, or gone for longer than LIVE.resumeGraceMs; polling takes over.
   */
  onHealth: (healthy: boolean) => void;
  /** each chunk read, heartbeats included (an extension's worker stays awake on it) */
  onActivity?: () => void;
  /** timers (tests pass fakes) */
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}

const KNOWN = new Set<string>(LIVE_EVENTS);

/**
 * One live stream over fetch (docs/architecture.md, Live push): fetch, unlike EventSource, sends the
 * login in a header. It resumes from the last event id after a drop, watches for silence (no
 * heartbeat in LIVE.silentHeartbeats periods means the connection is dead), and retries with a growing
 * delay; after a refusal (429, 401, 503) it waits LIVE.refusedRetryMs.
 */
export class LiveClient {
  private abort: AbortController | null = null;
  private lastId: string | null = null;
  private healthy = false;
  private running = false;
  private delay: number = LIVE.retryMinMs;
  private heartbeatMs: number = LIVE.heartbeatMs;
  private retryTimer: unknown = null;
  private graceTimer: unknown = null;
  private silenceTimer: unknown = null;
  /** bumps with every connection, so a late callback of an old one changes nothing */
  private generation = 0;
  private readonly doFetch: typeof fetch;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;

  constructor(private readonly options: LiveClientOptions) {
    this.doFetch = options.fetch ?? ((input, init) => fetch(input, init));
    this.setTimer = options.setTimeout ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer =
      options.clearTimeout ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  }

  get isHealthy(): boolean {
    return this.healthy;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.connect();
  }

  stop(): void {
    this.running = false;
    this.generation++;
    this.abort?.abort();
    this.abort = null;
    for (const t of [this.retryTimer, this.graceTimer, this.silenceTimer]) if (t) this.clearTimer(t);
    this.retryTimer = this.graceTimer = this.silenceTimer = null;
    this.setHealthy(false);
  }

  /** Opens a new stream now (a new login or another contest watched); what was missed is not resumed. */
  restart(): void {
    this.stop();
    this.lastId = null;
    this.delay = LIVE.retryMinMs;
    this.start();
  }

  private setHealthy(healthy: boolean): void {
    if (this.healthy === healthy) return;
    this.healthy = healthy;
    this.options.onHealth(healthy);
  }

  private connect(): void {
    if (!this.running) return;
    const generation = ++this.generation;
    const abort = new AbortController();
    this.abort = abort;
    const headers: Record<string, string> = { Accept: 'text/event-stream' };
    const token = this.options.getToken();
    if (token) headers.Authorization = token;
    if (this.lastId) headers['Last-Event-ID'] = this.lastId;
    const language = this.options.getLanguage?.();
    if (language) headers['Accept-Language'] = language;
    this.doFetch(this.options.url(), { headers, signal: abort.signal, cache: 'no-store' })
      .then(async (res) => {
        if (generation !== this.generation) return;
        if (!res.ok || !res.body) {
          void res.body?.cancel().catch(() => undefined);
          const refused = [401, 403, 404, 429, 503].includes(res.status);
          this.dropped(generation, refused);
          return;
        }
        await this.read(res.body, generation);
        this.dropped(generation, false);
      })
      .catch(() => this.dropped(generation, false));
  }

  private async read(body: ReadableStream<Uint8Array>, generation: number): Promise<void> {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    const parser = new SseParser(
      (m) => {
        if (generation !== this.generation) return;
        if (m.id !== null) this.lastId = m.id;
        if (!KNOWN.has(m.event)) return;
        let data: unknown;
        try {
          data = JSON.parse(m.data);
        } catch {
          return;
        }
        if (m.event === 'hello') {
          const beat = (data as { heartbeatMs?: unknown }).heartbeatMs;
          if (typeof beat === 'number' && beat > 0) this.heartbeatMs = beat;
          this.delay = LIVE.retryMinMs;
          if (this.graceTimer) this.clearTimer(this.graceTimer);
          this.graceTimer = null;
          this.setHealthy(true);
        }
        this.options.onEvent({ kind: m.event as LiveEventName, data } as LiveEvent);
      },
      () => undefined,
    );
    try {
      for (;;) {
        this.watchSilence(generation);
        const { done, value } = await reader.read();
        if (done || generation !== this.generation) break;
        this.options.onActivity?.();
        parser.push(decoder.decode(value, { stream: true }));
      }
    } finally {
      reader.cancel().catch(() => undefined);
    }
  }

  /** No byte for a few heartbeats: the connection is dead even if nobody closed it. */
  private watchSilence(generation: number): void {
    if (this.silenceTimer) this.clearTimer(this.silenceTimer);
    this.silenceTimer = this.setTimer(() => {
      if (generation !== this.generation) return;
      this.abort?.abort();
    }, this.heartbeatMs * LIVE.silentHeartbeats);
  }

  private dropped(generation: number, refused: boolean): void {
    if (generation !== this.generation || !this.running) return;
    this.generation++;
    this.abort?.abort();
    this.abort = null;
    if (this.silenceTimer) this.clearTimer(this.silenceTimer);
    this.silenceTimer = null;
    if (refused) {
      // polling takes over at once; the server said no and will not change its mind in a second
      this.setHealthy(false);
      this.retryTimer = this.setTimer(() => this.retry(), LIVE.refusedRetryMs);
      return;
    }
    // a drop: resume within the grace period and nothing changes for the page; otherwise poll
    if (this.healthy && !this.graceTimer) {
      this.graceTimer = this.setTimer(() => {
        this.graceTimer = null;
        this.setHealthy(false);
      }, LIVE.resumeGraceMs);
    }
    const wait = this.delay;
    this.delay = Math.min(LIVE.retryMaxMs, this.delay * 2);
    this.retryTimer = this.setTimer(() => this.retry(), wait);
  }

  private retry(): void {
    this.retryTimer = null;
    this.connect();
  }
}
