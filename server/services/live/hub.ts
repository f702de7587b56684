import { JudgeStatus } from '../../../shared/constants/judge-status';
import { LIVE, type LiveEvent, type LiveEventName } from '../../../shared/constants/live';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { AppError } from '../errors';
import type { QueuePlaces } from '../judge-queue/queue-position';
import { unreadCounts } from '../messages/unread';
import { type ContestWatch, hears } from './contest-watch';
import { EventRing, type LiveTarget } from './ring';
import type { ContestAudience, LiveSignal } from './signals';
import { EventStream } from './stream';
import { ownSubmission } from './submission-view';
import { KeyedThrottle } from './throttle';

/** Carries signals between server processes (PostgreSQL replicas); absent on a single process. */
export interface LiveBus {
  publish(signal: LiveSignal): void;
  close(): Promise<void>;
}

export interface LiveLog {
  warn(obj: object, msg: string): void;
}

export interface OpenStream {
  user: CurrentUser | null;
  ip: string;
  watch: ContestWatch | null;
  /** the last event id the client saw (Last-Event-ID), to resume after */
  lastEventId: string | null;
}

interface Connection {
  user: CurrentUser | null;
  ip: string;
  watch: ContestWatch | null;
  stream: EventStream;
}

/** Events for a user or contest whose last stream closed this recently are still kept for a resume. */
const RECENT_MS = 120_000;
/** unread counts built at once for a broadcast, at most */
const UNREAD_CONCURRENCY = 4;

type SubSignal = Extract<LiveSignal, { t: 'sub' }>;
type CaseSignal = Extract<LiveSignal, { t: 'case' }>;

/**
 * This process's live streams (docs/architecture.md, Live push): who is connected, what each may hear,
 * the recent events for resumes, and the events built from the bus's signals. A signal raised here is
 * handled here at once and sent on the bus to the other processes, which build their own streams'
 * events from it; so every event reaches a tab on any replica.
 */
export class LiveHub {
  private readonly ring = new EventRing(LIVE.ringSize);
  private readonly all = new Set<Connection>();
  private readonly byUser = new Map<string, Set<Connection>>();
  private readonly byContest = new Map<number, Set<Connection>>();
  private readonly anonymousByIp = new Map<string, number>();
  /** users and contests whose last stream closed lately: their events are still built for a resume */
  private readonly recentUsers = new Map<string, number>();
  private readonly recentContests = new Map<number, number>();
  /** each submission's events are built in order, one after the other */
  private readonly chains = new Map<number, Promise<void>>();
  /** the queue place last pushed per waiting submission */
  private readonly placesSent = new Map<number, number>();
  private queueTimer: ReturnType<typeof setTimeout> | null = null;
  private queueRunning = false;
  private queueAgain = false;
  private bus: LiveBus | null = null;
  private closed = false;
  private readonly closers: (() => void)[] = [];
  private readonly boards = new KeyedThrottle<number, { v: number; verdictOf?: number }>(
    LIVE.boardSignalMinMs,
    (cid, { v, verdictOf }) =>
      this.deliver(
        { kind: 'board', data: { cid, version: v } },
        { cid, audience: 'public', ...(verdictOf === undefined ? {} : { verdictOf }) },
      ),
    // merged: hidden from a frozen board only when each change was
    (a, b) => ({
      v: Math.max(a.v, b.v),
      ...(a.verdictOf === undefined || b.verdictOf === undefined
        ? {}
        : { verdictOf: Math.min(a.verdictOf, b.verdictOf) }),
    }),
  );
  private readonly cases = new KeyedThrottle<number, CaseSignal>(LIVE.caseSignalMinMs, (_id, s) =>
    this.broadcast(s),
  );

  constructor(
    private readonly deps: {
      db: Db;
      places: QueuePlaces;
      heartbeatMs: number;
      log: LiveLog;
    },
  ) {}

  /** The bus to the other processes (set once the PostgreSQL listener runs). */
  setBus(bus: LiveBus): void {
    this.bus = bus;
  }

  /* ---- publishing ---- */

  /** A change in this process: handled here, and told to the other processes. */
  signal(s: LiveSignal): void {
    if (this.closed) return;
    if (s.t === 'case') {
      // one case after another arrives quickly: the latest count, a few times a second
      this.cases.push(s.id, s);
      return;
    }
    this.broadcast(s);
  }

  private broadcast(s: LiveSignal): void {
    this.handle(s);
    this.bus?.publish(s);
  }

  /** A signal from another process. */
  receive(s: LiveSignal): void {
    if (!this.closed) this.handle(s);
  }

  /** An event for every stream of one user (any replica). */
  publishToUser(uid: string, event: LiveEvent): void {
    this.signal({ t: 'user', uid, e: event });
  }

  /**
   * An event for the streams watching a contest (any replica): its participants by default, or only
   * its admins, or everyone who watches its board.
   */
  publishToContest(cid: number, event: LiveEvent, audience: ContestAudience = 'participants'): void {
    this.signal({ t: 'contest', cid, aud: audience, e: event });
  }

  /** Signals were lost (the bus reconnected): every stream is told to refetch what it shows. */
  resetAll(): void {
    for (const c of this.all) c.stream.event('reset', {});
  }

  /* ---- streams ---- */

  /** Opens a stream, or refuses it (429) past the caller's cap. */
  open(o: OpenStream): EventStream {
    if (this.closed) throw new AppError(503, 'live.unavailable');
    if (o.user) {
      if ((this.byUser.get(o.user.uid)?.size ?? 0) >= LIVE.maxStreamsPerUser)
        throw new AppError(429, 'live.tooManyStreams', { max: LIVE.maxStreamsPerUser });
    } else if ((this.anonymousByIp.get(o.ip) ?? 0) >= LIVE.maxAnonymousStreamsPerIp) {
      throw new AppError(429, 'live.tooManyStreams', { max: LIVE.maxAnonymousStreamsPerIp });
    }
    const stream = new EventStream(this.deps.heartbeatMs);
    const c: Connection = { user: o.user, ip: o.ip, watch: o.watch, stream };
    this.add(c);
    stream.whenClosed(() => this.remove(c));
    const age = setTimeout(() => stream.close(), LIVE.maxStreamAgeMs);
    age.unref();
    stream.whenClosed(() => clearTimeout(age));

    let resumed = false;
    if (o.lastEventId) {
      const missed = this.ring.since(o.lastEventId);
      if (missed === null) stream.event('reset', {});
      else {
        resumed = true;
        for (const e of missed)
          if (this.matches(c, e.to)) stream.event(e.event.kind, e.event.data, this.ring.idOf(e.seq));
      }
    }
    stream.event(
      'hello',
      { heartbeatMs: this.deps.heartbeatMs, contest: o.watch?.cid ?? null, user: !!o.user },
      this.ring.head(),
    );
    // a new stream starts from what is: the user's submissions being judged now, with their places
    if (o.user && !resumed)
      void this.snapshot(o.user.uid).catch((err) => this.deps.log.warn({ err }, 'live snapshot not sent'));
    return stream;
  }

  private async snapshot(uid: string): Promise<void> {
    const rows = await this.deps.db.kysely
      .selectFrom('judge')
      .select(['submit_id', 'cid', 'status'])
      .where('uid', '=', uid)
      .where('status', 'in', [JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING])
      .orderBy('submit_id', 'desc')
      .limit(20)
      .execute();
    for (const r of rows.reverse())
      this.inOrder(r.submit_id, () =>
        this.buildSubmission({ t: 'sub', id: r.submit_id, uid, cid: r.cid, st: r.status }),
      );
  }

  /** Streams open in this process (the metrics count them). */
  stats(): { streams: number; users: number; anonymous: number } {
    let anonymous = 0;
    for (const n of this.anonymousByIp.values()) anonymous += n;
    return { streams: this.all.size, users: this.byUser.size, anonymous };
  }

  /** Runs when the hub closes (detaching what feeds it). */
  onClose(closer: () => void): void {
    this.closers.push(closer);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const closer of this.closers.splice(0)) closer();
    if (this.queueTimer) clearTimeout(this.queueTimer);
    this.boards.clear();
    this.cases.clear();
    for (const c of [...this.all]) c.stream.close();
    await this.bus?.close();
  }

  private add(c: Connection): void {
    this.all.add(c);
    if (c.user) setAdd(this.byUser, c.user.uid, c);
    else this.anonymousByIp.set(c.ip, (this.anonymousByIp.get(c.ip) ?? 0) + 1);
    if (c.watch) setAdd(this.byContest, c.watch.cid, c);
  }

  private remove(c: Connection): void {
    if (!this.all.delete(c)) return;
    const now = Date.now();
    if (c.user) {
      setDelete(this.byUser, c.user.uid, c);
      this.recentUsers.set(c.user.uid, now);
    } else {
      const n = (this.anonymousByIp.get(c.ip) ?? 1) - 1;
      if (n > 0) this.anonymousByIp.set(c.ip, n);
      else this.anonymousByIp.delete(c.ip);
    }
    if (c.watch) {
      setDelete(this.byContest, c.watch.cid, c);
      this.recentContests.set(c.watch.cid, now);
    }
    prune(this.recentUsers, now);
    prune(this.recentContests, now);
  }

  /** The user of one of this process's streams (their roles decide what a contest shows them). */
  private userOf(uid: string): CurrentUser | null {
    return this.byUser.get(uid)?.values().next().value?.user ?? null;
  }

  /** Someone here may want this user's events now or on a resume. */
  private wantsUser(uid: string): boolean {
    const left = this.recentUsers.get(uid);
    return this.byUser.has(uid) || (left !== undefined && Date.now() - left < RECENT_MS);
  }

  private wantsContest(cid: number): boolean {
    const left = this.recentContests.get(cid);
    return this.byContest.has(cid) || (left !== undefined && Date.now() - left < RECENT_MS);
  }

  private matches(c: Connection, to: LiveTarget): boolean {
    if ('uid' in to) return c.user?.uid === to.uid;
    if (c.watch?.cid !== to.cid || !hears(c.watch, to.audience)) return false;
    return to.verdictOf === undefined || !c.watch.hidesVerdictOf(to.verdictOf);
  }

  /** Keeps the event for resumes and writes it to every stream here that may hear it. */
  private deliver(event: LiveEvent, to: LiveTarget): void {
    if (this.closed) return;
    const entry = this.ring.add(event, to);
    const id = this.ring.idOf(entry.seq);
    const candidates = 'uid' in to ? this.byUser.get(to.uid) : this.byContest.get(to.cid);
    for (const c of candidates ?? []) if (this.matches(c, to)) c.stream.event(event.kind, event.data, id);
  }

  /* ---- building events from signals ---- */

  private handle(s: LiveSignal): void {
    switch (s.t) {
      case 'sub':
        this.onSubmission(s);
        return;
      case 'case':
        if (this.wantsUser(s.uid))
          this.inOrder(s.id, async () => {
            // in a contest, progress only where the owner sees the result itself (ACM stops at the
            // first failing case: a count that stops early would tell what a sealed board hides)
            if (s.cid !== 0) {
              const owner = this.userOf(s.uid);
              const own = owner ? await ownSubmission(this.deps.db, owner, s.id) : null;
              if (!own?.full) return;
            }
            this.deliver(
              { kind: 'case', data: { submitId: s.id, cid: s.cid, done: s.done } },
              { uid: s.uid },
            );
          });
        return;
      case 'board':
        if (this.wantsContest(s.cid))
          this.boards.push(s.cid, {
            v: s.v,
            ...(s.verdictOf === undefined ? {} : { verdictOf: s.verdictOf }),
          });
        return;
      case 'ann':
        if (this.wantsContest(s.cid))
          this.deliver(
            { kind: 'announcement', data: { cid: s.cid, id: s.id } },
            { cid: s.cid, audience: 'participants' },
          );
        return;
      case 'unread':
        void this.onUnread(s.uid).catch((err) => this.deps.log.warn({ err }, 'live unread counts not built'));
        return;
      case 'user':
        if (isKnownEvent(s.e.kind) && this.wantsUser(s.uid)) this.deliver(s.e, { uid: s.uid });
        return;
      case 'contest':
        if (isKnownEvent(s.e.kind) && this.wantsContest(s.cid))
          this.deliver(s.e, { cid: s.cid, audience: s.aud });
    }
  }

  private onSubmission(s: SubSignal): void {
    const places = this.deps.places;
    places.invalidate();
    if (s.st === JudgeStatus.COMPILING) places.observeStart(s.id);
    if (s.verdict) places.observeFinish(s.id, s.cases ?? 0);
    if (this.wantsUser(s.uid)) this.inOrder(s.id, () => this.buildSubmission(s));
    this.scheduleQueue();
  }

  /** Runs each submission's builds one after another, so a stream never sees them out of order. */
  private inOrder(submitId: number, build: () => Promise<void>): void {
    const previous = this.chains.get(submitId) ?? Promise.resolve();
    const next = previous
      .then(build)
      .catch((err) => this.deps.log.warn({ err, submitId }, 'live submission event not built'));
    this.chains.set(submitId, next);
    void next.then(() => {
      if (this.chains.get(submitId) === next) this.chains.delete(submitId);
    });
  }

  private async buildSubmission(s: SubSignal): Promise<void> {
    let status = s.st;
    let time: number | null = null;
    let memory: number | null = null;
    let score: number | null = null;
    if (s.cid !== 0) {
      // a contest's rules decide what its owner may see: as the contest's status check shows it
      const owner = this.userOf(s.uid);
      const own = owner ? await ownSubmission(this.deps.db, owner, s.id) : null;
      if (!own) return;
      ({ status, time, memory, score } = own);
    } else if (s.st !== JudgeStatus.COMPILING && s.st !== JudgeStatus.JUDGING) {
      // the row as it is now: a verdict's time and memory, or a status that moved on meanwhile
      const row = await this.deps.db.kysely
        .selectFrom('judge')
        .select(['status', 'time', 'memory', 'score'])
        .where('submit_id', '=', s.id)
        .executeTakeFirst();
      if (!row) return;
      ({ status, time, memory, score } = row);
    }
    let queuePosition: number | null = null;
    let queueEtaSeconds: number | null = null;
    if (status === JudgeStatus.PENDING) {
      const place = (await this.deps.places.placesOf([s.id])).get(s.id);
      if (place) {
        ({ queuePosition, queueEtaSeconds } = place);
        this.placesSent.set(s.id, place.queuePosition);
      }
    } else {
      this.placesSent.delete(s.id);
    }
    this.deliver(
      {
        kind: 'submission',
        data: { submitId: s.id, cid: s.cid, status, time, memory, score, queuePosition, queueEtaSeconds },
      },
      { uid: s.uid },
    );
  }

  /** The queue moved: waiting submissions of users here learn their new places (a few times a second at most). */
  private scheduleQueue(): void {
    if (this.byUser.size === 0 && this.placesSent.size === 0) return;
    if (this.queueRunning) {
      this.queueAgain = true;
      return;
    }
    if (this.queueTimer) return;
    this.queueTimer = setTimeout(() => {
      this.queueTimer = null;
      this.queueRunning = true;
      void this.pushPlaces()
        .catch((err) => this.deps.log.warn({ err }, 'live queue places not pushed'))
        .finally(() => {
          this.queueRunning = false;
          if (this.queueAgain) {
            this.queueAgain = false;
            this.scheduleQueue();
          }
        });
    }, LIVE.queueRecomputeMs);
    this.queueTimer.unref();
  }

  private async pushPlaces(): Promise<void> {
    const waiting = await this.deps.places.all();
    const still = new Set<number>();
    for (const w of waiting) {
      still.add(w.submitId);
      if (!this.wantsUser(w.uid) || this.placesSent.get(w.submitId) === w.place.queuePosition) continue;
      this.placesSent.set(w.submitId, w.place.queuePosition);
      this.inOrder(w.submitId, async () =>
        this.deliver(
          {
            kind: 'queue',
            data: {
              submitId: w.submitId,
              cid: w.cid,
              queuePosition: w.place.queuePosition,
              queueEtaSeconds: w.place.queueEtaSeconds,
            },
          },
          { uid: w.uid },
        ),
      );
    }
    for (const id of this.placesSent.keys()) if (!still.has(id)) this.placesSent.delete(id);
  }

  private async onUnread(uid: string | null): Promise<void> {
    const users = uid === null ? [...this.byUser.keys()] : this.byUser.has(uid) ? [uid] : [];
    let next = 0;
    const work = async () => {
      for (;;) {
        const u = users[next++];
        if (u === undefined) return;
        const conn = this.byUser.get(u)?.values().next().value;
        if (!conn?.user) continue;
        const counts = await unreadCounts(this.deps.db, conn.user);
        this.deliver({ kind: 'unread', data: counts }, { uid: u });
      }
    };
    await Promise.all(Array.from({ length: Math.min(UNREAD_CONCURRENCY, users.length) }, work));
  }
}

const KNOWN = new Set<string>([
  'submission',
  'case',
  'queue',
  'board',
  'announcement',
  'unread',
  'clarification',
] satisfies LiveEventName[]);

/** Only events a client knows travel (a stream's hello and reset are the hub's own). */
function isKnownEvent(kind: string): boolean {
  return KNOWN.has(kind);
}

function setAdd<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(value);
}

function setDelete<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) map.delete(key);
}

function prune<K>(map: Map<K, number>, now: number): void {
  if (map.size < 1024) return;
  for (const [k, at] of map) if (now - at >= RECENT_MS) map.delete(k);
}
