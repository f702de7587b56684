import type { LiveEvent } from '../../../shared/constants/live';
import type { Db } from '../../db/database';

/** Who among a watched contest's streams an event is for. */
export type ContestAudience = 'public' | 'participants' | 'admins';

/**
 * What one server process tells the others (and itself) over the live bus: kinds and ids only, small
 * enough for a PostgreSQL NOTIFY; each process builds from it what its own streams are sent.
 */
export type LiveSignal =
  /** a submission's status changed; `cases`: cases judged, with a judge's verdict */
  | { t: 'sub'; id: number; uid: string; cid: number; st: number; cases?: number; verdict?: boolean }
  /** `done` cases of a submission's attempt are judged */
  | { t: 'case'; id: number; uid: string; cid: number; done: number }
  /**
   * a contest's board changed; `verdictOf`: only by the verdict of a submission made then (epoch ms),
   * which a board frozen before that time does not show
   */
  | { t: 'board'; cid: number; v: number; verdictOf?: number }
  /** a contest announcement was made or changed */
  | { t: 'ann'; cid: number; id: number }
  /** a user's unread message counts may have changed; null: every user's (a broadcast) */
  | { t: 'unread'; uid: string | null }
  /** a ready event for one user's streams */
  | { t: 'user'; uid: string; e: LiveEvent }
  /** a ready event for a watched contest's streams */
  | { t: 'contest'; cid: number; aud: ContestAudience; e: LiveEvent };

type Sink = (signal: LiveSignal) => void;

/**
 * Services that write what a stream reports (messages, announcements) hold the database, not the
 * server: they tell the live channel through it. The hub attaches itself to its database where the app
 * is assembled; a database no hub listens to (scripts, seeds) swallows the signals.
 */
const sinks = new WeakMap<Db, Sink>();

export function attachLiveSink(db: Db, sink: Sink): () => void {
  sinks.set(db, sink);
  return () => {
    if (sinks.get(db) === sink) sinks.delete(db);
  };
}

/** Tells the live channel of `db`'s server of a change; never throws. */
export function tellLive(db: Db, signal: LiveSignal): void {
  try {
    sinks.get(db)?.(signal);
  } catch {
    // a push is a courtesy: polling still shows the change
  }
}

/** A user's unread counts may have changed (null: every user's). */
export function unreadChanged(db: Db, uid: string | null): void {
  tellLive(db, { t: 'unread', uid });
}
