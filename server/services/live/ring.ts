import type { LiveEvent } from '../../../shared/constants/live';
import type { ContestAudience } from './signals';

/** Whose streams an event is for. */
export type LiveTarget =
  | { uid: string }
  /** `verdictOf`: only verdicts of submissions made from then on changed it (a board frozen before is not told) */
  | { cid: number; audience: ContestAudience; verdictOf?: number };

export interface RingEntry {
  seq: number;
  event: LiveEvent;
  to: LiveTarget;
}

/**
 * The recent events of this process, oldest first, for resumes: a reconnecting stream names the last
 * id it saw and gets what it missed, or a reset when that is no longer here. Ids are
 * `<boot>.<seq>`: `boot` names this process's run, so an id from another process or an earlier run
 * is never mistaken for one of ours.
 */
export class EventRing {
  private readonly entries: RingEntry[] = [];
  private seq = 0;
  readonly boot = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

  constructor(private readonly size: number) {}

  /** The id of the newest event (the stream's position when nothing is missed). */
  head(): string {
    return this.idOf(this.seq);
  }

  idOf(seq: number): string {
    return `${this.boot}.${seq}`;
  }

  add(event: LiveEvent, to: LiveTarget): RingEntry {
    const entry = { seq: ++this.seq, event, to };
    this.entries.push(entry);
    if (this.entries.length > this.size) this.entries.splice(0, this.entries.length - this.size);
    return entry;
  }

  /**
   * The events after `lastId`, or null when they cannot all be given (another process's id, a
   * malformed one, or older than what is kept).
   */
  since(lastId: string): RingEntry[] | null {
    const dot = lastId.lastIndexOf('.');
    if (dot < 0 || lastId.slice(0, dot) !== this.boot) return null;
    const text = lastId.slice(dot + 1);
    if (!/^\d{1,15}$/.test(text)) return null;
    const seq = Number(text);
    if (seq > this.seq) return null;
    if (seq === this.seq) return [];
    const oldest = this.entries[0]?.seq ?? this.seq + 1;
    if (seq < oldest - 1) return null;
    return this.entries.filter((e) => e.seq > seq);
  }
}
