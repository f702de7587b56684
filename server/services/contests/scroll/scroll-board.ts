import type {
  ScrollBoardInfo,
  ScrollBoardProblem,
  ScrollBoardSubmission,
  ScrollOutcome,
} from '../../../../shared/api/scroll-board-types';
import { ContestStatus, ContestType, type RankShowName } from '../../../../shared/constants/contests';
import { isInProgress, JudgeStatus } from '../../../../shared/constants/judge-status';
import { SCROLL_BOARD_MESSAGES as K } from '../../../../shared/schemas/scroll-board';
import { bool } from '../../../db/booleans';
import type { Db } from '../../../db/database';
import type { CurrentUser } from '../../auth/users';
import { isContestAdmin } from '../../authz';
import { nowIso } from '../../clock';
import { badRequest, forbidden } from '../../errors';
import { assertContestReadable, isSealedFor, loadVisibleContest } from '../access';
import { type NameRule, shownNames } from '../board/shown-names';
import type { ContestRow } from '../contest-store';
import { parseList } from '../contest-vo';
import { excludedFromBoard } from '../contest-window';
import { loadImportedFeed, storedEventFeed } from '../feed/imported';
import { judgementTypeIdOf } from '../feed/judgement-types';
import type { ImportedFeed } from '../feed/read-feed';
import type { VerdictEffect, VerdictTable } from '../ranking';
import { HOJ_VERDICTS } from '../ranking/verdicts';
import { contestStatus } from '../status';

/**
 * The scroll board's contest, as HOJ: an ACM contest that seals its rank and has ended; otherwise 400.
 *
 * Access (a departure from HOJ, which serves this to anyone): the data reveals the frozen results, so the caller
 * must be a contest admin (author or root) while the board is still sealed for the public; once it is not (the
 * rank was unsealed after the end), anyone who may read the contest may roll it.
 */
export async function loadScrollContest(db: Db, user: CurrentUser | null, cid: number): Promise<ContestRow> {
  const contest = await loadVisibleContest(db, user, cid);
  if (!isContestAdmin(user, contest)) {
    if (isSealedFor(contest, null, false)) throw forbidden('scrollBoard.sealedForAdmins');
    await assertContestReadable(db, user, contest);
  }
  if (contest.type !== ContestType.ACM) throw badRequest(K.notAcm);
  if (!bool(contest.seal_rank) || !contest.seal_rank_time) throw badRequest(K.notSealed);
  if (contestStatus(contest, nowIso()) !== ContestStatus.ENDED) throw badRequest(K.notEnded);
  return contest;
}

/* ---- imported feeds: what readEventFeed leaves out (problem colours, team schools) ---- */

interface FeedExtras {
  colors: Map<string, string>;
  schools: Map<string, string>;
}

const extrasOf = new WeakMap<ImportedFeed, FeedExtras>();

function feedExtras(feed: ImportedFeed, ndjson: string): FeedExtras {
  const cached = extrasOf.get(feed);
  if (cached) return cached;
  const problems = new Map<string, Record<string, unknown>>();
  const teams = new Map<string, Record<string, unknown>>();
  const orgs = new Map<string, Record<string, unknown>>();
  for (const line of ndjson.split('\n')) {
    if (!/"type"\s*:\s*"(problems|teams|organizations)"/.test(line)) continue;
    let e: { type?: string; id?: string; data?: Record<string, unknown> | null };
    try {
      e = JSON.parse(line);
    } catch {
      continue;
    }
    const map = e.type === 'problems' ? problems : e.type === 'teams' ? teams : orgs;
    const id = e.id ?? (typeof e.data?.id === 'string' ? e.data.id : undefined);
    if (!id) continue;
    if (e.data) map.set(id, e.data);
    else map.delete(id);
  }
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null);
  const colors = new Map<string, string>();
  for (const p of feed.problems) {
    const rgb = text(problems.get(p.feedId)?.rgb);
    if (rgb && /^#[0-9a-fA-F]{6}$/.test(rgb)) colors.set(p.label, rgb);
  }
  const schools = new Map<string, string>();
  for (const t of feed.teams) {
    const team = teams.get(t.uid);
    const org = orgs.get(String(team?.organization_id ?? ''));
    const school = text(org?.formal_name) ?? text(org?.name) ?? t.displayName;
    if (school) schools.set(t.uid, school);
  }
  const extras = { colors, schools };
  extrasOf.set(feed, extras);
  return extras;
}

async function loadFeedWithExtras(
  db: Db,
  cid: number,
): Promise<{ feed: ImportedFeed; extras: FeedExtras } | null> {
  const feed = await loadImportedFeed(db, cid);
  if (!feed) return null;
  const cached = extrasOf.get(feed);
  if (cached) return { feed, extras: cached };
  return { feed, extras: feedExtras(feed, (await storedEventFeed(db, cid)) ?? '') };
}

/* ---- info ---- */

/** GET /api/get-contest-scroll-board-info */
export async function getScrollBoardInfo(
  db: Db,
  user: CurrentUser | null,
  cid: number,
): Promise<ScrollBoardInfo> {
  const contest = await loadScrollContest(db, user, cid);
  const imported = await loadFeedWithExtras(db, cid);
  let problems: ScrollBoardProblem[];
  let penaltyMinutes = 20;
  if (imported) {
    problems = imported.feed.problems.map((p) => ({
      displayId: p.label,
      color: imported.extras.colors.get(p.label) ?? null,
    }));
    penaltyMinutes = imported.feed.penaltyMinutes;
  } else {
    const rows = await db.kysely
      .selectFrom('contest_problem')
      .select(['display_id', 'color'])
      .where('cid', '=', cid)
      .orderBy('display_id')
      .execute();
    problems = rows.map((r) => ({ displayId: r.display_id, color: r.color || null }));
  }
  const balloonColor: Record<string, string> = {};
  for (const p of problems) if (p.color) balloonColor[p.displayId] = p.color;
  return {
    id: contest.id,
    title: contest.title,
    rankShowName: contest.rank_show_name,
    problemCount: problems.length,
    problems,
    balloonColor,
    startTime: contest.start_time,
    endTime: contest.end_time,
    sealRankTime: contest.seal_rank_time as string,
    starUserList: imported ? [] : parseList<string>(contest.star_account),
    penaltyMode: contest.penalty_mode === 'icpc-minutes' ? 'icpc-minutes' : 'hoj-seconds',
    penaltyMinutes,
    imported: !!imported,
  };
}

/* ---- submissions ---- */

function outcomeOf(effect: VerdictEffect | undefined): ScrollOutcome {
  if (!effect) return 'noPenalty';
  if (effect.pending) return 'pending';
  if (effect.solved) return 'solved';
  return effect.penalty ? 'rejected' : 'noPenalty';
}

/** HOJ's outcome of a judge status (its penalty table; statuses absent from it cost nothing). */
export function outcomeOfStatus(status: number, verdicts: VerdictTable = HOJ_VERDICTS): ScrollOutcome {
  if (isInProgress(status)) return 'pending';
  return outcomeOf(verdicts[judgementTypeIdOf(status) ?? '']);
}

/** A judge status to show for a feed judgement type (its HOJ namesake, else one of the same outcome). */
const FEED_STATUS: Record<string, number> = {
  AC: JudgeStatus.ACCEPTED,
  WA: JudgeStatus.WRONG_ANSWER,
  TLE: JudgeStatus.TIME_LIMIT_EXCEEDED,
  MLE: JudgeStatus.MEMORY_LIMIT_EXCEEDED,
  RTE: JudgeStatus.RUNTIME_ERROR,
  RE: JudgeStatus.RUNTIME_ERROR,
  CE: JudgeStatus.COMPILE_ERROR,
  PE: JudgeStatus.PRESENTATION_ERROR,
};
const OUTCOME_STATUS: Record<ScrollOutcome, number> = {
  solved: JudgeStatus.ACCEPTED,
  rejected: JudgeStatus.WRONG_ANSWER,
  noPenalty: JudgeStatus.SYSTEM_ERROR,
  pending: JudgeStatus.PENDING,
};

function feedSubmissions(
  feed: ImportedFeed,
  extras: FeedExtras,
  start: number,
  names: NameRule,
): ScrollBoardSubmission[] {
  const teams = new Map(feed.teams.map((t) => [t.uid, t]));
  const runs = feed.submissions
    .map((s, i) => ({ s, i }))
    .filter(({ s }) => s.afterContest !== true && s.time < feed.durationMs)
    .sort((a, b) => a.s.time - b.s.time || a.i - b.i);
  const out = runs.map(({ s }, k): ScrollBoardSubmission => {
    const team = teams.get(s.uid);
    const outcome = s.verdict === null ? 'pending' : outcomeOf(feed.verdicts[s.verdict]);
    return {
      uid: s.uid,
      username: team?.name ?? s.uid,
      ...shownNames({ realname: team?.displayName ?? null, nickname: null }, names),
      school: extras.schools.get(s.uid) ?? null,
      submitId: k + 1,
      status: (s.verdict !== null ? FEED_STATUS[s.verdict] : undefined) ?? OUTCOME_STATUS[outcome],
      verdict: s.verdict,
      outcome,
      submitTime: new Date(start + s.time).toISOString(),
      displayId: s.problem,
      time: s.time,
    };
  });
  return out.reverse();
}

/**
 * GET /api/get-contest-scroll-board-submission: every submission of the contest made before its end, except
 * cancelled ones and those of its creator and of root users, newest first; star users left out on request.
 * Each carries only the personal name the contest shows, except for its admins (board/shown-names.ts).
 */
export async function getScrollBoardSubmissions(
  db: Db,
  user: CurrentUser | null,
  cid: number,
  removeStar: boolean,
): Promise<ScrollBoardSubmission[]> {
  const contest = await loadScrollContest(db, user, cid);
  const start = Date.parse(contest.start_time);
  const names: NameRule = {
    show: contest.rank_show_name as RankShowName,
    admin: isContestAdmin(user, contest),
  };
  const imported = await loadFeedWithExtras(db, cid);
  if (imported) return feedSubmissions(imported.feed, imported.extras, start, names);

  const problems = await db.kysely
    .selectFrom('contest_problem')
    .select(['id', 'display_id'])
    .where('cid', '=', cid)
    .execute();
  const displayOf = new Map(problems.map((p) => [p.id, p.display_id]));
  const excluded = await excludedFromBoard(db, contest);
  const stars = new Set(removeStar ? parseList<string>(contest.star_account) : []);
  const rows = await db.kysely
    .selectFrom('judge')
    .leftJoin('user_info', 'user_info.uuid', 'judge.uid')
    .select([
      'judge.submit_id',
      'judge.uid',
      'judge.username',
      'judge.cpid',
      'judge.status',
      'judge.submit_time',
      'user_info.username as current_username',
      'user_info.nickname',
      'user_info.realname',
      'user_info.school',
    ])
    .where('judge.cid', '=', cid)
    .where('judge.status', '!=', JudgeStatus.CANCELLED)
    .where('judge.uid', 'not in', excluded)
    .where('judge.submit_time', '>=', contest.start_time)
    .where('judge.submit_time', '<', contest.end_time)
    .orderBy('judge.submit_id', 'desc')
    .execute();
  const out: ScrollBoardSubmission[] = [];
  for (const r of rows) {
    const displayId = displayOf.get(r.cpid);
    const username = r.current_username ?? r.username;
    if (displayId === undefined || stars.has(username) || stars.has(r.username)) continue;
    out.push({
      uid: r.uid,
      username,
      ...shownNames({ realname: r.realname ?? null, nickname: r.nickname ?? null }, names),
      school: r.school ?? null,
      submitId: r.submit_id,
      status: r.status,
      verdict: isInProgress(r.status) ? null : judgementTypeIdOf(r.status),
      outcome: outcomeOfStatus(r.status),
      submitTime: r.submit_time,
      displayId,
      time: Date.parse(r.submit_time) - start,
    });
  }
  return out;
}
