import { createHash, randomUUID } from 'node:crypto';
import pg from 'pg';
import type { LiveBus, LiveLog } from './hub';
import type { LiveSignal } from './signals';

/** NOTIFY payloads must stay below 8000 bytes; a signal is far smaller (kinds and ids). */
const MAX_PAYLOAD = 7900;
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 15_000;

/** One channel per schema: replicas of one site hear each other, test schemas side by side do not. */
export function channelOf(schema: string | null): string {
  return `verdict_live_${createHash('sha256')
    .update(schema ?? 'public')
    .digest('hex')
    .slice(0, 16)}`;
}

/**
 * The live bus between API replicas on PostgreSQL: LISTEN on one connection of its own, NOTIFY with
 * small JSON payloads (the signal and the sending process, which ignores its own). When the listening
 * connection drops it reconnects with a growing delay and then tells `onGap`: signals sent meanwhile
 * are lost, so streams are reset and their clients refetch.
 */
export class PgLiveBus implements LiveBus {
  private readonly origin = randomUUID();
  private readonly channel: string;
  private client: pg.Client | null = null;
  private sending: Promise<void> = Promise.resolve();
  private closed = false;
  private delay = RECONNECT_MIN_MS;
  private timer: ReturnType<typeof setTimeout> | null = null;

  private constructor(
    private readonly url: string,
    schema: string | null,
    private readonly handlers: { onSignal: (s: LiveSignal) => void; onGap: () => void; log: LiveLog },
  ) {
    this.channel = channelOf(schema);
  }

  static async start(
    url: string,
    schema: string | null,
    handlers: { onSignal: (s: LiveSignal) => void; onGap: () => void; log: LiveLog },
  ): Promise<PgLiveBus> {
    const bus = new PgLiveBus(url, schema, handlers);
    await bus.connect();
    return bus;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (msg) => {
      if (msg.channel !== this.channel || !msg.payload) return;
      try {
        const { o, s } = JSON.parse(msg.payload) as { o: string; s: LiveSignal };
        if (o !== this.origin && s && typeof s === 'object') this.handlers.onSignal(s);
      } catch {
        // not ours
      }
    });
    client.on('error', (err) => {
      this.handlers.log.warn({ err }, 'live bus connection failed');
      this.lost(client);
    });
    client.on('end', () => this.lost(client));
    await client.connect();
    await client.query(`LISTEN ${this.channel}`);
    this.client = client;
    this.delay = RECONNECT_MIN_MS;
  }

  private lost(client: pg.Client): void {
    if (this.client !== client || this.closed) return;
    this.client = null;
    void client.end().catch(() => undefined);
    this.retry();
  }

  private retry(): void {
    if (this.closed || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.connect().then(
        () => this.handlers.onGap(),
        (err) => {
          this.handlers.log.warn({ err }, 'live bus not reconnected');
          this.delay = Math.min(RECONNECT_MAX_MS, this.delay * 2);
          this.retry();
        },
      );
    }, this.delay);
    this.timer.unref();
  }

  publish(signal: LiveSignal): void {
    const client = this.client;
    if (!client || this.closed) return;
    const payload = JSON.stringify({ o: this.origin, s: signal });
    if (Buffer.byteLength(payload) > MAX_PAYLOAD) {
      this.handlers.log.warn({ kind: signal.t }, 'live signal too large for the bus; other replicas miss it');
      return;
    }
    // one query at a time on the listening client: pg deprecates queries issued while one runs
    this.sending = this.sending
      .then(() => client.query('SELECT pg_notify($1, $2)', [this.channel, payload]))
      .then(
        () => undefined,
        (err: unknown) => this.handlers.log.warn({ err }, 'live signal not sent to other replicas'),
      );
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}
