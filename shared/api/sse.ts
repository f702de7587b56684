/** One Server-Sent Event as the stream's text gave it. */
export interface SseMessage {
  event: string;
  data: string;
  /** the id field of this event, if it had one */
  id: string | null;
}

/**
 * Reads the text/event-stream format (the HTML standard's parsing rules, less `retry`) from chunks of
 * text as they arrive: events go to `onMessage`, comment lines to `onComment`.
 */
export class SseParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];
  private id: string | null = null;
  private sawCr = false;

  constructor(
    private readonly onMessage: (message: SseMessage) => void,
    private readonly onComment: (text: string) => void = () => {},
  ) {}

  push(chunk: string): void {
    let text = chunk;
    // a CR LF pair split across two chunks is one line break
    if (this.sawCr && text.startsWith('\n')) text = text.slice(1);
    this.sawCr = text.endsWith('\r');
    this.buffer += text;
    const lines = this.buffer.split(/\r\n|\r|\n/);
    this.buffer = lines.pop() ?? '';
    for (const line of lines) this.line(line);
  }

  private line(line: string): void {
    if (line === '') {
      this.dispatch();
      return;
    }
    if (line.startsWith(':')) {
      this.onComment(line.slice(1).trim());
      return;
    }
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
    else if (field === 'id' && !value.includes('\0')) this.id = value;
  }

  private dispatch(): void {
    const message = { event: this.event || 'message', data: this.data.join('\n'), id: this.id };
    this.event = '';
    this.id = null;
    const had = this.data.length > 0;
    this.data = [];
    if (had) this.onMessage(message);
  }
}
