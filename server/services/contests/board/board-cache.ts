import { LRUCache } from 'lru-cache';
import type { AcmRankRow } from '../../../../shared/api/contest-rank-types';
import type { ContestAward } from '../../../../shared/api/contest-types';
import { AwardType, ContestType, type RankShowName } from '../../../../shared/constants/contests';
import { isInProgress } from '../../../../shared/constants/judge-status';
import type { Db } from '../../../db/database';
import type { ContestRow } from '../contest-store';
import { parseList } from '../contest-vo';
import { excludedFromBoard } from '../contest-window';
import { loadImportedFeed } from '../feed/imported';
import { judgementTypeIdOf } from '../feed/judgement-types';
import { feedToRankingInput } from '../feed/read-feed';
import {
  type AwardSettings,
  type BoardSubmission,
  computeScoreboard,
  LiveBoard,
  type PenaltyMode,
  type RankingSettings,
  type ScoreboardRow,
} from '../ranking';

/** What a board row shows of its participant besides the cells (HOJ rank VO fields). */
export type BoardUser = Pick<
  AcmRankRow,
  'uid' | 'username' | 'realname' | 'nickname' | 'school' | 'gender' | 'avatar'
>;

/** One way of looking at a contest's board: frozen or live, with or without after-contest submissions. */
export interface BoardVariant {
  sealed: boolean;
  includeAfterContest: boolean;
}

/** A ranked board ready to filter and page. */
export interface BoardView {
  rows: readonly ScoreboardRow[];
  /** the row of a participant */
  rowOf(uid: string): ScoreboardRow | undefined;
  users: ReadonlyMap<string, BoardUser>;
  totalOf(uid: string): number;
  problems: readonly string[];
}

/** How long a board may go without looking for changed submissions (other replicas' verdicts). */
const SYNC_EVERY_MS = 1000;
/** Changes are looked for from this long before the newest seen, so clocks a little apart between replicas lose none. */
const CLOCK_MARGIN_MS = 5000;

interface JudgeRowLite {
  submit_id: number;
  uid: string;
  cpid: number;
  status: number;
  score: number | null;
  time: number | null;
  submit_time: string;
  gmt_modified: string;
}

/** The board's settings from the contest row (stars are usernames there, uids on the board). */
export function settingsOf(contest: ContestRow, variant: BoardVariant, starUids: string[]): RankingSettings {
  const start = Date.parse(contest.start_time);
  const awardType = contest.award_type;
  const levels = parseList<ContestAward>(contest.award_config)
    .slice()
    .sort((a, b) => a.priority - b.priority)
    .map((a) => ({ name: a.name, background: a.background, color: a.color, num: a.num }));
  const awards: AwardSettings =
    awardType === AwardType.PERCENT
      ? { type: 'percent', levels }
      : awardType === AwardType.COUNT
        ? { type: 'count', levels }
        : { type: 'none' };
  return {
    type: contest.type === ContestType.OI ? 'OI' : 'ACM',
    startTime: contest.start_time,
    sealRankTime: contest.seal_rank_time ? Date.parse(contest.seal_rank_time) - start : null,
    sealed: variant.sealed,
    penaltyMode: contest.penalty_mode as PenaltyMode,
    oiScoreMode: contest.oi_rank_score_type === 'Highest' ? 'Highest' : 'Recent',
    starUids,
    awards,
    includeAfterContest: variant.includeAfterContest,
  };
}

/** The name a row is ordered and shown by (contest setting rankShowName), falling back to the username. */
export function displayName(user: BoardUser | undefined, show: RankShowName, uid: string): string {
  if (!user) return uid;
  if (show === 'realname' && user.realname) return user.realname;
  if (show === 'nickname' && user.nickname) return user.nickname;
  return user.username;
}

/** Everything one contest's boards are built from, kept in step with the judge table. */
class ContestBoards {
  private readonly variants = new Map<string, LiveBoard>();
  private readonly subs = new Map<number, BoardSubmission>();
  readonly users = new Map<string, BoardUser>();
  /** newest gmt_modified seen among the contest's submissions */
  private seen = '';
  private syncedAt = 0;
  private due = false;

  constructor(
    readonly shape: string,
    private readonly contest: ContestRow,
    private readonly problemOf: ReadonlyMap<number, string>,
    readonly problems: readonly string[],
    private readonly excluded: ReadonlySet<string>,
    private readonly starUids: string[],
  ) {}

  /** Loads every submission of the contest (the first read). */
  async load(db: Db): Promise<void> {
    const rows = await selectSubmissions(db, this.contest.id, null);
    this.applyRows(rows);
    await this.loadUsers(db);
    this.syncedAt = Date.now();
  }

  /** Marks the board for a sync on its next read (a verdict or a submission in this process). */
  touch(): void {
    this.due = true;
  }

  /** Applies the submissions changed since the last look (at most once a second, or at once when due). */
  async sync(db: Db, force: boolean): Promise<void> {
    if (!force && !this.due && Date.now() - this.syncedAt < SYNC_EVERY_MS) return;
    this.due = false;
    this.syncedAt = Date.now();
    const since = this.seen ? new Date(Date.parse(this.seen) - CLOCK_MARGIN_MS).toISOString() : null;
    const rows = await selectSubmissions(db, this.contest.id, since);
    const changed = this.applyRows(rows);
    if (changed.length === 0) return;
    const fresh = changed.filter((s) => !this.users.has(s.uid));
    if (fresh.length > 0) await this.loadUsers(db);
    for (const board of this.variants.values()) {
      board.upsert(changed);
      for (const s of fresh) board.rename(s.uid, displayName(this.users.get(s.uid), this.show, s.uid));
    }
  }

  view(variant: BoardVariant): BoardView {
    const key = `${variant.sealed}:${variant.includeAfterContest}`;
    let board = this.variants.get(key);
    if (!board) {
      board = new LiveBoard(
        {
          settings: settingsOf(this.contest, variant, this.starUids),
          problems: this.problems,
          participants: [...this.users.values()].map((u) => ({
            uid: u.uid,
            name: displayName(u, this.show, u.uid),
          })),
        },
        [...this.subs.values()],
      );
      this.variants.set(key, board);
    }
    const live = board;
    return {
      rows: live.rows(),
      rowOf: (uid) => live.row(uid),
      users: this.users,
      totalOf: (uid) => live.totalOf(uid),
      problems: this.problems,
    };
  }

  private get show(): RankShowName {
    return this.contest.rank_show_name as RankShowName;
  }

  /** Turns judge rows into board submissions; returns those that are new or changed. */
  private applyRows(rows: readonly JudgeRowLite[]): BoardSubmission[] {
    const start = Date.parse(this.contest.start_time);
    const changed: BoardSubmission[] = [];
    for (const r of rows) {
      if (r.gmt_modified > this.seen) this.seen = r.gmt_modified;
      const problem = this.problemOf.get(r.cpid);
      if (problem === undefined || this.excluded.has(r.uid) || r.submit_time < this.contest.start_time)
        continue;
      const sub: BoardSubmission = {
        id: r.submit_id,
        uid: r.uid,
        problem,
        time: Date.parse(r.submit_time) - start,
        verdict: isInProgress(r.status) ? null : judgementTypeIdOf(r.status),
        score: r.score,
        useTime: r.time,
        afterContest: r.submit_time >= this.contest.end_time,
      };
      const old = this.subs.get(sub.id);
      if (old && old.verdict === sub.verdict && old.score === sub.score && old.useTime === sub.useTime)
        continue;
      this.subs.set(sub.id, sub);
      changed.push(sub);
    }
    return changed;
  }

  private async loadUsers(db: Db): Promise<void> {
    const missing = [...new Set([...this.subs.values()].map((s) => s.uid))].filter((u) => !this.users.has(u));
    for (let i = 0; i < missing.length; i += 500) {
      const rows = await db.kysely
        .selectFrom('user_info')
        .select(['uuid', 'username', 'realname', 'nickname', 'school', 'gender', 'avatar'])
        .where('uuid', 'in', missing.slice(i, i + 500))
        .execute();
      for (const r of rows) this.users.set(r.uuid, { ...r, uid: r.uuid });
    }
  }
}

async function selectSubmissions(db: Db, cid: number, since: string | null): Promise<JudgeRowLite[]> {
  let q = db.kysely
    .selectFrom('judge')
    .select(['submit_id', 'uid', 'cpid', 'status', 'score', 'time', 'submit_time', 'gmt_modified'])
    .where('cid', '=', cid)
    // virtual submissions never reach the real board (virtual/virtual-board.ts builds theirs)
    .where('virtual_id', 'is', null);
  if (since !== null) q = q.where('gmt_modified', '>=', since);
  // no ORDER BY: the engine puts submissions in time order itself (a radix sort, cheaper than the database's)
  return q.execute();
}

/** Static boards of contests imported from an event feed (they never change). */
class FeedBoards {
  private readonly variants = new Map<boolean, BoardView>();
  constructor(
    readonly shape: string,
    private readonly feed: NonNullable<Awaited<ReturnType<typeof loadImportedFeed>>>,
  ) {}

  view(variant: BoardVariant): BoardView {
    let view = this.variants.get(variant.sealed);
    if (!view) {
      const rows = computeScoreboard(feedToRankingInput(this.feed, { sealed: variant.sealed }));
      const users = new Map<string, BoardUser>();
      for (const t of this.feed.teams) {
        users.set(t.uid, {
          uid: t.uid,
          username: t.name,
          realname: t.displayName,
          nickname: null,
          school: null,
          gender: null,
          avatar: null,
        });
      }
      const totals = new Map<string, number>();
      for (const s of this.feed.submissions) totals.set(s.uid, (totals.get(s.uid) ?? 0) + 1);
      const byUid = new Map(rows.map((r) => [r.uid, r]));
      view = {
        rows,
        rowOf: (uid) => byUid.get(uid),
        users,
        totalOf: (uid) => totals.get(uid) ?? 0,
        problems: this.feed.problems.map((p) => p.label),
      };
      this.variants.set(variant.sealed, view);
    }
    return view;
  }
}

/**
 * The contests' boards, built once and then kept current: a read looks for submissions changed since the
 * previous look (at most once a second, at once after a verdict in this process) and applies only those,
 * participant by participant (LiveBoard). A change of the contest itself (its settings, its problem list)
 * rebuilds the board. Served rows are shared: callers copy what they return.
 */
export class ContestBoardCache {
  private readonly boards = new LRUCache<
    number,
    ContestBoards | FeedBoards | Promise<ContestBoards | FeedBoards>
  >({
    max: 64,
  });

  /** `onLookup` is told of every read: a hit found the board built, a miss built it (metrics) */
  constructor(private readonly options: { onLookup?: (hit: boolean) => void } = {}) {}

  /** A verdict or submission of this contest happened here: the next read syncs at once. */
  touch(cid: number): void {
    const b = this.boards.get(cid);
    if (b instanceof ContestBoards) b.touch();
  }

  async view(db: Db, contest: ContestRow, variant: BoardVariant, force = false): Promise<BoardView> {
    const shape = shapeOf(contest);
    let entry = this.boards.get(contest.id);
    if (entry instanceof Promise) entry = await entry;
    const hit = !!entry && entry.shape === shape;
    this.options.onLookup?.(hit);
    if (!entry || entry.shape !== shape) {
      const building = build(db, contest, shape);
      this.boards.set(contest.id, building);
      try {
        entry = await building;
      } catch (e) {
        this.boards.delete(contest.id);
        throw e;
      }
      this.boards.set(contest.id, entry);
    } else if (entry instanceof ContestBoards) {
      await entry.sync(db, force);
    }
    return entry.view(variant);
  }
}

/**
 * What a board depends on besides submissions: the contest row, whose gmt_modified also moves when its
 * problem list changes (contest-problems.ts), and the stored rank settings.
 */
function shapeOf(contest: ContestRow): string {
  return contest.gmt_modified;
}

async function build(db: Db, contest: ContestRow, shape: string): Promise<ContestBoards | FeedBoards> {
  const feed = await loadImportedFeed(db, contest.id);
  if (feed) return new FeedBoards(shape, feed);
  const problems = await db.kysely
    .selectFrom('contest_problem')
    .select(['id', 'display_id'])
    .where('cid', '=', contest.id)
    .orderBy('display_id')
    .execute();
  const excluded = new Set(await excludedFromBoard(db, contest));
  const starNames = parseList<string>(contest.star_account);
  const stars =
    starNames.length === 0
      ? []
      : await db.kysely.selectFrom('user_info').select('uuid').where('username', 'in', starNames).execute();
  const boards = new ContestBoards(
    shape,
    contest,
    new Map(problems.map((p) => [p.id, p.display_id])),
    problems.map((p) => p.display_id),
    excluded,
    stars.map((s) => s.uuid),
  );
  await boards.load(db);
  return boards;
}
