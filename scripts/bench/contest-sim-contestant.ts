/**
 * One simulated contestant: the calls the web app makes on a contest's pages, through the web app's own
 * API client and endpoint table (shared/api), at the web app's own intervals (shared/constants). The
 * live stream is not opened: this is the app's fallback when the stream is blocked, where it polls.
 *
 * - arrival: log in; the contest shell (info, access, the bell's unread counts), then its body (the
 *   problem list, the announcement popup's check, the clarification badge); each problem's statement once.
 * - from then on, while the run lasts: the board every POLL.scoreboardMs (auto refresh on), the
 *   announcements every POLL.contestAnnouncementsMs, the clarification badge every
 *   CLARIFICATION_LIMITS.pollMs, the unread counts every POLL.unreadMessagesMs: real intervals.
 * - submissions on a schedule in contest minutes, compressed into the run: each is polled at once and
 *   every POLL.submissionStatusMs until final, or less often while it waits deep in the queue
 *   (shared/api/polling); no second submit while one is being
 *   judged (the web app's guard); the final verdict reloads what it changes among the queries the
 *   problem page has mounted: the problem (its mark and counts), as useCodeWorkspace does.
 */
import type { Agent } from 'node:http';
import { ApiError, createApiClient } from '../../shared/api/client';
import { createEndpoints, type Endpoints } from '../../shared/api/endpoints';
import { nextSubmissionPollMs, shouldPollSubmissions } from '../../shared/api/polling';
import { CLARIFICATION_LIMITS } from '../../shared/constants/clarifications';
import { CONTEST_RANK_PAGE_SIZE } from '../../shared/constants/contests';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { POLL } from '../../shared/constants/limits';
import { agentFetch } from './contest-sim-http';
import { pickIntent, pickLanguage, programFor, seededRandom } from './contest-sim-programs';
import type { SeededContest } from './contest-sim-seed';
import type { Call, Recorder } from './contest-sim-stats';

export interface World {
  base: string;
  agent: Agent;
  recorder: Recorder;
  contest: SeededContest;
  /** when each submission was sent (performance.now()), by the key in its source: the judge reads it */
  submittedAt: Map<string, number>;
  /** performance.now() at which contest minute 0 falls: once everyone has arrived */
  contestStart: Promise<number>;
  msPerContestMinute: number;
  contestMinutes: number;
  /** mean contest minutes between one contestant's submissions */
  gapMinutes: number;
  /** ask for uncompressed answers (a diagnosis: what compressing costs the server) */
  identity: boolean;
  stop: AbortSignal;
}

/** Contest minutes of one contestant's submissions: the first after reading, then every ~gap minutes. */
export function submissionSchedule(
  random: () => number,
  contestMinutes: number,
  gapMinutes: number,
): number[] {
  const times: number[] = [];
  let t = gapMinutes * (0.5 + random());
  while (t < contestMinutes) {
    times.push(t);
    t += gapMinutes * (0.5 + random());
  }
  return times;
}

function sleepUntil(at: number, signal: AbortSignal): Promise<boolean> {
  const wait = at - performance.now();
  if (signal.aborted) return Promise.resolve(false);
  if (wait <= 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (reached: boolean) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      resolve(reached);
    };
    const onAbort = () => done(false);
    const timer = setTimeout(() => done(true), wait);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function describe(err: unknown): string {
  if (err instanceof ApiError)
    return `${err.kind} HTTP ${err.httpStatus} status ${err.status} ${err.message}`;
  return err instanceof Error ? err.message : String(err);
}

export class Contestant {
  private token: string | null = null;
  private readonly api: Endpoints;
  private readonly random: () => number;
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly solved = new Set<string>();
  private readAnnouncements: number[] = [];
  /** the timers' calls still running: the run ends after them, so none is cut by the agent's close */
  private readonly inFlight = new Set<Promise<unknown>>();
  private arriving = true;
  submissions = 0;

  constructor(
    private readonly world: World,
    private readonly index: number,
  ) {
    const n = index + 1;
    const client = createApiClient({
      baseUrl: world.base,
      getToken: () => this.token,
      onTokenRefresh: (token) => {
        this.token = token;
      },
      getLanguage: () => 'zh-CN',
      // nginx in front of the server names the browser's address
      fetch: agentFetch(world.agent, {
        'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
        ...(world.identity ? { 'accept-encoding': 'identity' } : {}),
      }),
    });
    this.api = createEndpoints(client);
    this.random = seededRandom(1000 + index);
  }

  /** Times one call in the phase it started in; refusals the app expects (a contest's burst limit) apart. */
  private async call<T>(name: Call, fn: (api: Endpoints) => Promise<T>): Promise<T | undefined> {
    const { recorder } = this.world;
    // a late arrival's own calls stay out of the contest's figures
    const phase = this.arriving ? 'arrival' : recorder.phase;
    const t0 = performance.now();
    try {
      const value = await fn(this.api);
      recorder.ok(name, phase, performance.now() - t0);
      return value;
    } catch (err) {
      if (name === 'submit' && err instanceof ApiError && err.status === 429) recorder.refused(name, phase);
      else recorder.error(name, phase, describe(err));
      return undefined;
    }
  }

  private every(ms: number, fn: () => Promise<unknown>): void {
    let running: Promise<unknown> | null = null;
    const timer = setInterval(() => {
      // a refetch still running is not started twice (TanStack Query dedupes by key)
      if (running || this.world.stop.aborted) return;
      const call = fn().finally(() => {
        this.inFlight.delete(call);
        running = null;
      });
      running = call;
      this.inFlight.add(call);
    }, ms);
    this.timers.push(timer);
  }

  private get cid(): number {
    return this.world.contest.cid;
  }

  private info = () => this.call('contest info', (api) => api.getContestInfo(this.cid));
  private access = () => this.call('contest access', (api) => api.getContestAccess(this.cid));
  private unread = () => this.call('unread', (api) => api.getUnreadCounts());
  private clarifications = () =>
    this.call('clarifications', (api) => api.getContestClarificationUnread(this.cid));
  private problem = (displayId: string) =>
    this.call('problem', (api) => api.getContestProblemDetails(this.cid, displayId));
  private board = () =>
    this.call('board', (api) =>
      api.getContestRank({
        cid: this.cid,
        currentPage: 1,
        limit: CONTEST_RANK_PAGE_SIZE,
        keyword: undefined,
        removeStar: false,
        forceRefresh: false,
        containsEnd: false,
        concernedList: [],
      }),
    );

  /** The popup's check; closing the popup marks what it showed as read, so the next check leaves them out. */
  private async announcements(): Promise<void> {
    const list = await this.call('announcements', (api) =>
      api.getContestNotReadAnnouncements({ cid: this.cid, readAnnouncementList: this.readAnnouncements }),
    );
    if (list?.length) this.readAnnouncements = [...this.readAnnouncements, ...list.map((a) => a.id)];
  }

  /** @param arrived called once this contestant has opened the contest (or given up) */
  async run(arriveAt: number, arrived: () => void): Promise<void> {
    const { world } = this;
    const onStop = () => {
      for (const t of this.timers) clearInterval(t);
    };
    world.stop.addEventListener('abort', onStop, { once: true });
    try {
      if (!(await sleepUntil(arriveAt, world.stop))) return;
      const username = world.contest.usernames[this.index];
      const login = await this.call('login', (api) =>
        api.login({ username, password: world.contest.password }),
      );
      if (!login?.token) return;
      this.token = login.token;
      await this.arrive();
      this.arriving = false;
      arrived();
      if (world.stop.aborted) return;
      this.every(POLL.scoreboardMs, this.board);
      this.every(POLL.contestAnnouncementsMs, () => this.announcements());
      this.every(CLARIFICATION_LIMITS.pollMs, this.clarifications);
      this.every(POLL.unreadMessagesMs, this.unread);
      await this.compete();
    } finally {
      this.arriving = false;
      arrived();
      onStop();
      world.stop.removeEventListener('abort', onStop);
      await Promise.all(this.inFlight);
    }
  }

  private async arrive(): Promise<void> {
    await Promise.all([this.info(), this.access(), this.unread()]);
    const [problems] = await Promise.all([
      this.call('problem list', (api) => api.getContestProblems(this.cid, false)),
      this.announcements(),
      this.clarifications(),
    ]);
    for (const p of problems ?? this.world.contest.displayIds.map((displayId) => ({ displayId }))) {
      if (this.world.stop.aborted) return;
      await this.problem(p.displayId);
    }
    await this.board();
  }

  private async compete(): Promise<void> {
    const { world } = this;
    const schedule = submissionSchedule(this.random, world.contestMinutes, world.gapMinutes);
    const contestStart = await world.contestStart;
    for (const minute of schedule) {
      const open = world.contest.displayIds.filter((d) => !this.solved.has(d));
      if (open.length === 0) return;
      if (!(await sleepUntil(contestStart + minute * world.msPerContestMinute, world.stop))) return;
      const displayId = open[Math.floor(this.random() * open.length)];
      await this.submitAndWatch(displayId);
    }
  }

  private async submitAndWatch(displayId: string): Promise<void> {
    const intent = pickIntent(this.random);
    const language = pickLanguage(this.random);
    const key = `${this.index}-${this.submissions}`;
    this.world.submittedAt.set(key, performance.now());
    const row = await this.call('submit', (api) =>
      api.submitProblemJudge({
        pid: displayId,
        language,
        code: programFor(intent, language, key),
        cid: this.cid,
      }),
    );
    if (!row) {
      this.world.submittedAt.delete(key);
      return;
    }
    this.submissions++;
    let status: number = row.status;
    let checks = 0;
    let next = performance.now();
    while (shouldPollSubmissions([status], checks)) {
      if (!(await sleepUntil(next, this.world.stop))) return;
      const asked = performance.now();
      const answer = await this.call('submission poll', (api) =>
        api.checkContestSubmissionsStatus(this.cid, [row.submitId]),
      );
      // a failed check stops the poll, as the app's does
      if (!answer) return;
      checks++;
      const seen = answer[String(row.submitId)];
      status = seen?.status ?? status;
      // the next check when the app makes it
      next = asked + nextSubmissionPollMs([seen ?? { status }]);
    }
    if (status === JudgeStatus.ACCEPTED) this.solved.add(displayId);
    await this.problem(displayId);
  }
}
