import { LIVE, type LiveEvent, type LiveEventName } from '@/shared/constants/live';

/**
 * What the screens on show want of the live channel: events to hear, contests to watch, the stream
 * itself now. Kept apart from the stream's code (./connection.ts), which loads after the page's first
 * load and reads these wishes then.
 */
type Handler = (event: LiveEvent) => void;
const handlers = new Map<LiveEventName, Set<Handler>>();
/** contests watched by mounted screens, with how many screens watch each */
const watched = new Map<number, number>();
/** screens that need the stream now (the user's submissions being judged, a board refreshing itself) */
let demand = 0;
let linger: ReturnType<typeof setTimeout> | null = null;
let changed: () => void = () => {};

/** The stream follows the wishes from now on (called once its code has loaded). */
export function onWishesChanged(listener: () => void): void {
  changed = listener;
}

export function onLiveEvent(kind: LiveEventName, handler: Handler): () => void {
  let set = handlers.get(kind);
  if (!set) {
    set = new Set();
    handlers.set(kind, set);
  }
  set.add(handler);
  return () => set.delete(handler);
}

export function handlersOf(kind: LiveEventName): Handler[] {
  return [...(handlers.get(kind) ?? [])];
}

/** The watched contests, the most recently watched last. */
export function watchedContests(): IterableIterator<number> {
  return watched.keys();
}

/** Whether a screen needs the stream now, or did within LIVE.lingerMs. */
export function isLiveWanted(): boolean {
  return demand > 0 || linger !== null;
}

/** A screen watches a contest's board and announcements while mounted; returns its unwatch. */
export function watchLiveContest(cid: number): () => void {
  const n = watched.get(cid) ?? 0;
  watched.delete(cid);
  watched.set(cid, n + 1);
  changed();
  return () => {
    const left = (watched.get(cid) ?? 1) - 1;
    if (left > 0) watched.set(cid, left);
    else watched.delete(cid);
    changed();
  };
}

/**
 * A screen needs the stream now (its data would otherwise be polled every few seconds); returns its
 * release. With no screen needing it, the stream stays LIVE.lingerMs for the next one, then closes.
 */
export function demandLive(): () => void {
  demand++;
  if (linger) clearTimeout(linger);
  linger = null;
  changed();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    demand--;
    if (demand > 0) return;
    if (linger) clearTimeout(linger);
    linger = setTimeout(() => {
      linger = null;
      changed();
    }, LIVE.lingerMs);
    changed();
  };
}
