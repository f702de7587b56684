/**
 * The server's Prometheus metrics (docs/operations.md, Metrics): one registry per server instance
 * (tests start many servers in one process, and the global default registry would mix them),
 * Node's own process metrics, HTTP traffic per route pattern, the judge queue, verdicts, compile
 * and run times, judges online and the contest boards' cache. The names here are the ones the
 * Grafana dashboard (docs/grafana-dashboard.json) and the operator's alerts use: renaming one is a
 * breaking change for them.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { QueueGlance } from '../judge-queue/queue-summary';

/** What the gauges read when Prometheus scrapes (a scrape every 15 s or so costs two small queries). */
export interface MetricSources {
  queue(): Promise<QueueGlance>;
  /** judges seen within the judge list's online window, per kind (local pools, remote daemons) */
  judgesOnline(): Promise<Record<'local' | 'remote', number>>;
}

export const METRIC_NAMES = {
  httpRequests: 'verdict_http_requests_total',
  httpDuration: 'verdict_http_request_duration_seconds',
  queueLength: 'verdict_judge_queue_length',
  queueOldest: 'verdict_judge_queue_oldest_wait_seconds',
  verdicts: 'verdict_verdicts_total',
  compileSeconds: 'verdict_compile_duration_seconds',
  runSeconds: 'verdict_run_duration_seconds',
  judgesOnline: 'verdict_judges_online',
  boardCache: 'verdict_board_cache_lookups_total',
} as const;

/**
 * The label of requests no route matched (404s, the web app's pages): the raw URL never becomes a
 * label, or any client could make the server keep a series per made-up path.
 */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * One read shared by the gauges of one scrape: the registry collects every metric at once, so the
 * gauges that ask while a read is under way get that read; the next scrape reads again.
 */
function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= read().finally(() => {
      pending = null;
    });
    return pending;
  };
}

export class ServerMetrics {
  readonly registry = new Registry();
  readonly httpRequests: Counter<'method' | 'route' | 'status_code'>;
  readonly httpDuration: Histogram<'method' | 'route'>;
  readonly verdicts: Counter<'status' | 'language'>;
  readonly compileSeconds: Histogram<'language'>;
  readonly runSeconds: Histogram<'language'>;
  private readonly boardCache: Counter<'result'>;

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.httpRequests = new Counter({
      name: METRIC_NAMES.httpRequests,
      help: 'HTTP requests answered, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'],
      registers,
    });
    this.httpDuration = new Histogram({
      name: METRIC_NAMES.httpDuration,
      help: 'Time from a request to its answer, by method and route pattern',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    const queue = sharedRead(() => sources.queue());
    new Gauge({
      name: METRIC_NAMES.queueLength,
      help: 'Work waiting for a judge: submissions and test runs',
      labelNames: ['kind'],
      registers,
      async collect() {
        const glance = await queue();
        this.set({ kind: 'submission' }, glance.waiting);
        this.set({ kind: 'test_run' }, glance.testRunsWaiting);
      },
    });
    new Gauge({
      name: METRIC_NAMES.queueOldest,
      help: 'How long the oldest waiting submission has waited (0 when none waits)',
      registers,
      async collect() {
        this.set((await queue()).oldestWaitingSeconds ?? 0);
      },
    });
    this.verdicts = new Counter({
      name: METRIC_NAMES.verdicts,
      help: 'Verdicts reached by the judges (not set by hand), by status and language',
      labelNames: ['status', 'language'],
      registers,
    });
    this.compileSeconds = new Histogram({
      name: METRIC_NAMES.compileSeconds,
      help: 'Compilation of a submission, from its judge reporting Compiling to reporting Judging (or its compile error)',
      labelNames: ['language'],
      buckets: [0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30],
      registers,
    });
    this.runSeconds = new Histogram({
      name: METRIC_NAMES.runSeconds,
      help: 'CPU time of one test case of a submission, as its judge measured it',
      labelNames: ['language'],
      buckets: [0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10],
      registers,
    });
    new Gauge({
      name: METRIC_NAMES.judgesOnline,
      help: 'Judges seen within the judge list’s online window: in-process pools (local) and remote daemons',
      labelNames: ['kind'],
      registers,
      async collect() {
        const online = await sources.judgesOnline();
        for (const [kind, n] of Object.entries(online)) this.set({ kind }, n);
      },
    });
    this.boardCache = new Counter({
      name: METRIC_NAMES.boardCache,
      help: 'Reads of contest boards: found built in the cache (hit) or built for the read (miss)',
      labelNames: ['result'],
      registers,
    });
    // both series exist from the start, so a hit ratio is defined before the first miss
    this.boardCache.inc({ result: 'hit' }, 0);
    this.boardCache.inc({ result: 'miss' }, 0);
  }

  boardCacheLookup(hit: boolean): void {
    this.boardCache.inc({ result: hit ? 'hit' : 'miss' });
  }

  /** One answered request; `route` is the route's pattern, or UNMATCHED_ROUTE. */
  request(method: string, route: string, statusCode: number, seconds: number): void {
    this.httpRequests.inc({ method, route, status_code: String(statusCode) });
    this.httpDuration.observe({ method, route }, seconds);
  }

  /** The Prometheus text exposition and its content type. */
  async exposition(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }
}
