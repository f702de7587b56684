/**
 * The live push channel (docs/architecture.md, Live push): one Server-Sent Events stream per tab at
 * `GET /api/events`, with polling as the fallback whenever the stream is not healthy. Every limit and
 * pace both ends need lives here once.
 */
export const LIVE = {
  path: '/api/events',
  /** a comment line this often keeps proxies and the client's dead-stream check satisfied */
  heartbeatMs: 15_000,
  /**
   * streams one user may hold at once (tabs, the extension); one more is refused with 429, so an
   * existing tab never loses its stream to a new one and two tabs never take turns evicting each other
   */
  maxStreamsPerUser: 8,
  /** anonymous streams (a public board watched) per client address */
  maxAnonymousStreamsPerIp: 20,
  /** recent events each server process keeps for `Last-Event-ID` resumes */
  ringSize: 2000,
  /** a stream lives at most this long, then the client reconnects (and its login is checked afresh) */
  maxStreamAgeMs: 30 * 60_000,
  /** bytes a slow reader may leave unread before its stream is closed */
  maxBufferedBytes: 512 * 1024,
  /** a watched board is told it changed at most this often */
  boardSignalMinMs: 1000,
  /** case progress of one submission is pushed at most this often */
  caseSignalMinMs: 250,
  /** queue places are recomputed at most this often while the queue moves */
  queueRecomputeMs: 500,
  /** client: a dropped stream not back within this long hands over to polling */
  resumeGraceMs: 4000,
  /** client: no byte for this many heartbeats means the stream is dead */
  silentHeartbeats: 2.5,
  /** client: reconnect delays grow from the first to the last */
  retryMinMs: 1000,
  retryMaxMs: 60_000,
  /** client: after a refusal (429, 503) the next try waits this long */
  refusedRetryMs: 60_000,
  /**
   * web app: the stream opens only once the page has been quiet (no call running) this long after it
   * loaded, so the first load is the same with or without it
   */
  pageQuietMs: 1500,
  /** web app: a stream nobody on screen needs any more closes after this long */
  lingerMs: 60_000,
} as const;

/** The events a stream carries (the SSE `event:` field). */
export const LIVE_EVENTS = [
  /** first event of every stream: it is healthy */
  'hello',
  /** events were missed (resume too old, or another server process): refetch what is shown */
  'reset',
  /** one of the user's submissions changed status */
  'submission',
  /** one more test case of one of the user's submissions is judged */
  'case',
  /** one of the user's waiting submissions moved in the queue */
  'queue',
  /** the watched contest's board changed: refetch it */
  'board',
  /** the watched contest has a new or changed announcement */
  'announcement',
  /** the user's unread message counts */
  'unread',
  /** a contest clarification for this user or the watched contest */
  'clarification',
] as const;
export type LiveEventName = (typeof LIVE_EVENTS)[number];

export interface LiveHello {
  /** the server's heartbeat period: the client's dead-stream check follows it */
  heartbeatMs: number;
  /** the contest whose board and announcements this stream carries; null: none */
  contest: number | null;
  /** a logged-in stream (the user's own events) or an anonymous one (public board only) */
  user: boolean;
}

export interface LiveSubmissionEvent {
  submitId: number;
  cid: number;
  status: number;
  time: number | null;
  memory: number | null;
  score: number | null;
  /** place in the queue while waiting (1 = next); null otherwise */
  queuePosition: number | null;
  /** estimated seconds until the verdict while waiting; null otherwise */
  queueEtaSeconds: number | null;
}

export interface LiveCaseEvent {
  submitId: number;
  cid: number;
  /** cases judged so far in this attempt */
  done: number;
}

export interface LiveQueueEvent {
  submitId: number;
  cid: number;
  queuePosition: number;
  queueEtaSeconds: number | null;
}

export interface LiveBoardEvent {
  cid: number;
  /** when the board last changed (epoch ms): a later version means newer rows */
  version: number;
}

export interface LiveAnnouncementEvent {
  cid: number;
  id: number;
}

export interface LiveUnreadEvent {
  comment: number;
  reply: number;
  like: number;
  sys: number;
  mine: number;
}

/** A clarification was asked or answered: the client refetches the list it shows. */
export interface LiveClarificationEvent {
  cid: number;
  id: number;
}

export interface LiveEventData {
  hello: LiveHello;
  reset: Record<string, never>;
  submission: LiveSubmissionEvent;
  case: LiveCaseEvent;
  queue: LiveQueueEvent;
  board: LiveBoardEvent;
  announcement: LiveAnnouncementEvent;
  unread: LiveUnreadEvent;
  clarification: LiveClarificationEvent;
}

export type LiveEvent = { [K in LiveEventName]: { kind: K; data: LiveEventData[K] } }[LiveEventName];
