import { PassThrough } from 'node:stream';
import { LIVE } from '../../../shared/constants/live';

/**
 * One Server-Sent Events stream's text: `id`, `event` and one `data` line of JSON per event, comment
 * lines as heartbeats. Writes past what a slow reader left unread end the stream instead of piling up
 * in memory (the client resumes from its last id).
 */
export class EventStream {
  readonly body = new PassThrough();
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private closed = false;
  private readonly onClose: (() => void)[] = [];

  constructor(heartbeatMs: number) {
    // a first comment line: proxies and the browser see the answer start at once
    this.body.write(': stream open\n\n');
    this.heartbeat = setInterval(() => this.comment('hb'), heartbeatMs);
    this.heartbeat.unref();
    this.body.on('close', () => this.close());
    this.body.on('error', () => this.close());
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Called once when the stream ends, whoever ends it. */
  whenClosed(listener: () => void): void {
    if (this.closed) listener();
    else this.onClose.push(listener);
  }

  event(kind: string, data: unknown, id?: string): void {
    const head = id === undefined ? '' : `id: ${id}\n`;
    this.write(`${head}event: ${kind}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  comment(text: string): void {
    this.write(`: ${text}\n\n`);
  }

  private write(text: string): void {
    if (this.closed) return;
    if (this.body.writableLength > LIVE.maxBufferedBytes) {
      this.close();
      return;
    }
    this.body.write(text);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    this.body.end();
    for (const listener of this.onClose.splice(0)) listener();
  }
}
