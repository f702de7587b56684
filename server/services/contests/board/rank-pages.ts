import type {
  AcmRankCell,
  AcmRankRow,
  ContestOutsideInfo,
  ContestRankRow,
  OiRankRow,
} from '../../../../shared/api/contest-rank-types';
import type { Page } from '../../../../shared/api/types';
import {
  CONTEST_RANK_PAGE_SIZE,
  ContestStatus,
  ContestType,
  type RankShowName,
} from '../../../../shared/constants/contests';
import type { ContestRankParams } from '../../../../shared/schemas/contests';
import { bool } from '../../../db/booleans';
import type { Db } from '../../../db/database';
import type { CurrentUser } from '../../auth/users';
import { isContestAdmin } from '../../authz';
import { nowIso } from '../../clock';
import { forbidden } from '../../errors';
import { pageRequest, toPage } from '../../paging';
import { canSeeContestProblem } from '../../problems/visibility';
import { isSealedFor, loadReadableContest, loadVisibleContest } from '../access';
import { type ContestRow, registrationCounts } from '../contest-store';
import { toContestVo } from '../contest-vo';
import type { ScoreboardRow } from '../ranking';
import { contestStatus } from '../status';
import { runningRun } from '../virtual/runs';
import { virtualBoard } from '../virtual/virtual-board';
import { type BoardView, type ContestBoardCache, displayName } from './board-cache';
import { type NameRule, shownNames } from './shown-names';

function acmRow(row: ScoreboardRow, view: BoardView, names: NameRule): AcmRankRow {
  const info: Record<string, AcmRankCell> = {};
  for (const p of view.problems) {
    const c = row.submissionInfo[p];
    if (!c || (!c.isAC && c.errorNum === 0 && c.tryNum === 0)) continue;
    info[p] = {
      isAC: c.isAC,
      ACTime: c.ACTime,
      errorNum: c.errorNum,
      tryNum: c.tryNum,
      isFirstAC: c.isFirstAC,
      isAfterContest: c.isAfterContest,
      isFrozen: c.isFrozen,
    };
  }
  return { ...common(row, view, names), ac: row.ac, total: view.totalOf(row.uid), submissionInfo: info };
}

function oiRow(row: ScoreboardRow, view: BoardView, names: NameRule): OiRankRow {
  const scores: Record<string, number> = {};
  const times: Record<string, number> = {};
  for (const p of view.problems) {
    const c = row.submissionInfo[p];
    if (c?.score != null) scores[p] = c.score;
    if (c?.useTime != null) times[p] = c.useTime;
  }
  return { ...common(row, view, names), totalScore: row.totalScore, submissionInfo: scores, timeInfo: times };
}

function common(row: ScoreboardRow, view: BoardView, names: NameRule) {
  const u = view.users.get(row.uid);
  return {
    rank: row.rank,
    isWinAward: row.isWinAward,
    awardName: row.awardName,
    awardBackground: row.awardBackground,
    awardColor: row.awardColor,
    uid: row.uid,
    username: u?.username ?? row.name,
    ...shownNames(u, names),
    school: u?.school ?? null,
    gender: u?.gender ?? null,
    avatar: u?.avatar ?? null,
    totalTime: row.totalTime,
  };
}

/**
 * One page of a board, built as HOJ builds it: star rows dropped on request, a keyword matched in the
 * school or the shown name, then the pinned rows (the caller's own inside the contest, then the concerned
 * ones) ahead of the ranking. As HOJ, pinned rows also keep their place and count in `total`. Rows carry
 * only the personal name the contest shows, except for its admins (shown-names.ts).
 */
async function rankPage(
  boards: ContestBoardCache,
  db: Db,
  contest: ContestRow,
  user: CurrentUser | null,
  params: ContestRankParams,
  pinSelf: boolean,
  virtualView?: BoardView,
): Promise<Page<ContestRankRow>> {
  const admin = isContestAdmin(user, contest);
  const forceRefresh = !!params.forceRefresh && admin;
  const sealed = isSealedFor(contest, user, forceRefresh);
  const includeAfterContest = !!params.containsEnd && bool(contest.allow_end_submit) && !sealed;
  const view = virtualView ?? (await boards.view(db, contest, { sealed, includeAfterContest }, forceRefresh));
  const show = contest.rank_show_name as RankShowName;
  const keyword = params.keyword?.trim().toLowerCase();
  let rows = view.rows;
  if (params.removeStar) rows = rows.filter((r) => !r.isStar);
  if (keyword) {
    rows = rows.filter((r) => {
      const u = view.users.get(r.uid);
      return (
        displayName(u, show, r.uid).toLowerCase().includes(keyword) ||
        (u?.school ?? '').toLowerCase().includes(keyword)
      );
    });
  }
  const pinned: ScoreboardRow[] = [];
  const wanted = [...(pinSelf && user ? [user.uid] : []), ...(params.concernedList ?? [])];
  for (const uid of new Set(wanted)) {
    const row = view.rowOf(uid);
    if (row && !(params.removeStar && row.isStar)) pinned.push(row);
  }
  const req = pageRequest(params.currentPage, params.limit, CONTEST_RANK_PAGE_SIZE);
  const all = pinned.length > 0 ? [...pinned, ...rows] : rows;
  const slice = all.slice(req.offset, req.offset + req.size);
  const toRow = contest.type === ContestType.OI ? oiRow : acmRow;
  return toPage(
    slice.map((r) => toRow(r, view, { show, admin })),
    all.length,
    req,
  );
}

/**
 * HOJ POST /api/get-contest-rank: the board inside the contest, for those who may read it. While the
 * caller's virtual run is going, their board is the one at their elapsed time (virtual/virtual-board.ts);
 * the public board and everyone else's stay the real one.
 */
export async function getContestRank(
  db: Db,
  boards: ContestBoardCache,
  user: CurrentUser,
  params: ContestRankParams,
): Promise<Page<ContestRankRow>> {
  const contest = await loadReadableContest(db, user, params.cid);
  const now = nowIso();
  const run = await runningRun(db, contest, user, now);
  const view = run ? await virtualBoard(db, contest, run, now) : undefined;
  return rankPage(boards, db, contest, user, params, true, view);
}

/** The public board is open when the contest says so (openRank) and has started; its admins always. */
async function loadOutsideContest(db: Db, user: CurrentUser | null, cid: number): Promise<ContestRow> {
  const contest = await loadVisibleContest(db, user, cid);
  if (isContestAdmin(user, contest)) return contest;
  if (!bool(contest.open_rank)) throw forbidden('contest.outsideClosed');
  if (contestStatus(contest, nowIso()) === ContestStatus.SCHEDULED) throw forbidden('contest.notStarted');
  return contest;
}

/** HOJ POST /api/get-contest-outside-scoreboard: the public board, no login needed; nobody's row is pinned. */
export async function getOutsideScoreboard(
  db: Db,
  boards: ContestBoardCache,
  user: CurrentUser | null,
  params: ContestRankParams,
): Promise<Page<ContestRankRow>> {
  const contest = await loadOutsideContest(db, user, params.cid);
  return rankPage(boards, db, contest, user, params, false);
}

/**
 * HOJ GET /api/get-contest-outsize-info: the contest and its problems for the public board page;
 * private problems only for the contest's admins, as in the contest's own problem list.
 */
export async function getOutsideInfo(
  db: Db,
  user: CurrentUser | null,
  cid: number,
): Promise<ContestOutsideInfo> {
  const contest = await loadOutsideContest(db, user, cid);
  const problems = await db.kysely
    .selectFrom('contest_problem as cp')
    .innerJoin('problem as p', 'p.id', 'cp.pid')
    .select(['cp.id', 'cp.cid', 'cp.pid', 'cp.display_id', 'cp.display_title', 'cp.color', 'p.auth'])
    .where('cp.cid', '=', cid)
    .orderBy('cp.display_id')
    .execute();
  const counts = await registrationCounts(db, [cid]);
  return {
    contest: toContestVo(contest, nowIso(), counts.get(cid) ?? 0),
    problemList: problems
      .filter((p) => canSeeContestProblem(p, user, contest))
      .map((p) => ({
        id: p.id,
        cid: p.cid,
        pid: p.pid,
        displayId: p.display_id,
        displayTitle: p.display_title,
        color: p.color,
      })),
  };
}
