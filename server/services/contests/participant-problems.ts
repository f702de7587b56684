import type { ContestProblemDetail, ContestProblemVO } from '../../../shared/api/contest-types';
import type { ProblemCounts } from '../../../shared/api/types';
import { ContestStatus } from '../../../shared/constants/contests';
import { JudgeStatus } from '../../../shared/constants/judge-status';
import { ProblemAuth } from '../../../shared/constants/problems';
import { bool } from '../../db/booleans';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { isContestAdmin } from '../authz';
import { nowIso } from '../clock';
import { forbidden, notFound, unauthorized } from '../errors';
import type { LanguageRegistry } from '../languages';
import { emptyCounts, tallyCounts } from '../problems/counts';
import { contestCountsKey, getSharedProblemDetail, type ProblemCaches } from '../problems/queries';
import { loadReadableContest, loadVisibleContest } from './access';
import type { ContestRow } from './contest-store';
import { contestWindow, excludedFromBoard, inWindow } from './contest-window';
import { contestStatus } from './status';
import { contestUserStatuses } from './user-status';
import { runningRun } from './virtual/runs';
import { virtualCounts } from './virtual/virtual-counts';

/** A problem of the contest by display id, with the problem's own row. */
export async function findContestProblem(db: Db, cid: number, displayId: string) {
  const row = await db.kysely
    .selectFrom('contest_problem as cp')
    .innerJoin('problem as p', 'p.id', 'cp.pid')
    .select(['cp.id as cpid', 'cp.display_id', 'cp.display_title', 'p.id', 'p.problem_id', 'p.auth'])
    .where('cp.cid', '=', cid)
    .where('cp.display_id', '=', displayId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    cpid: row.cpid,
    displayId: row.display_id,
    displayTitle: row.display_title,
    problem: { id: row.id, problemId: row.problem_id, auth: row.auth },
  };
}

/**
 * Per-problem status counts of the contest's submissions in the caller's window (boards' exclusions
 * apply); a virtual participant's at their elapsed time.
 */
async function contestCounts(
  db: Db,
  contest: ContestRow,
  user: CurrentUser | null,
  pids: number[],
  containsEnd: boolean,
  cache?: ProblemCaches['contestCounts'],
): Promise<Map<number, ProblemCounts>> {
  if (pids.length === 0) return new Map();
  const now = nowIso();
  const run = await runningRun(db, contest, user, now);
  if (run) return virtualCounts(db, contest, run, pids, now);
  // contest admins always see live counts here (HOJ passes forceRefresh = true)
  const window = contestWindow(contest, user, { forceRefresh: true, containsEnd });
  // every problem of the contest in one query, so the list and each problem page share one load
  const load = async () => {
    const excluded = await excludedFromBoard(db, contest);
    const rows = await db.kysely
      .selectFrom('judge')
      .select(['pid', 'status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('cid', '=', contest.id)
      .where('virtual_id', 'is', null)
      .where('uid', 'not in', excluded)
      .where(inWindow(window))
      .groupBy(['pid', 'status'])
      .execute();
    return tallyCounts([...new Set(rows.map((r) => r.pid))], rows);
  };
  // the same for everyone who sees this window: kept a moment (docs/architecture.md, Caches of hot reads)
  const all = cache ? await cache.get(contestCountsKey(contest.id, window), load) : await load();
  return new Map(pids.map((pid) => [pid, all.get(pid) ?? { pid, ...emptyCounts() }]));
}

/**
 * Who may list a contest's problems: anyone who may read the contest; with an open outside
 * board (openRank) also anonymous visitors, once the contest has started (HOJ).
 */
async function loadProblemListContest(db: Db, user: CurrentUser | null, cid: number): Promise<ContestRow> {
  const contest = await loadVisibleContest(db, user, cid);
  if (bool(contest.open_rank) && !isContestAdmin(user, contest)) {
    if (contestStatus(contest, nowIso()) === ContestStatus.SCHEDULED) {
      if (!user) throw unauthorized();
      throw forbidden('contest.notStarted');
    }
    return contest;
  }
  return loadReadableContest(db, user, cid);
}

/**
 * HOJ GET /api/get-contest-problem: the problems by display id with accepted and total counts;
 * problems made private are left out for participants.
 */
export async function listContestProblems(
  db: Db,
  user: CurrentUser | null,
  cid: number,
  containsEnd: boolean,
  caches?: ProblemCaches,
): Promise<ContestProblemVO[]> {
  const contest = await loadProblemListContest(db, user, cid);
  const admin = isContestAdmin(user, contest);
  const rows = await db.kysely
    .selectFrom('contest_problem as cp')
    .innerJoin('problem as p', 'p.id', 'cp.pid')
    .select(['cp.id', 'cp.cid', 'cp.pid', 'cp.display_id', 'cp.display_title', 'cp.color', 'p.auth'])
    .where('cp.cid', '=', cid)
    .orderBy('cp.display_id')
    .execute();
  const shown = rows.filter((r) => admin || r.auth !== ProblemAuth.PRIVATE);
  const counts = await contestCounts(
    db,
    contest,
    user,
    shown.map((r) => r.pid),
    containsEnd,
    caches?.contestCounts,
  );
  return shown.map((r) => {
    const c = counts.get(r.pid) ?? emptyCounts();
    return {
      id: r.id,
      cid: r.cid,
      pid: r.pid,
      displayId: r.display_id,
      displayTitle: r.display_title,
      color: r.color,
      ac: c.ac,
      total: c.total,
    };
  });
}

/**
 * HOJ GET /api/get-contest-problem-details: the problem under its display title. While the
 * contest has not ended, its source (in the rendered statement too), author, difficulty and tags are
 * withheld (they hint at the solution); counts are the contest's, and myStatus the caller's status in this contest.
 */
export async function getContestProblemDetail(
  db: Db,
  languages: LanguageRegistry,
  caches: ProblemCaches,
  user: CurrentUser,
  params: { cid: number; displayId: string; containsEnd: boolean },
): Promise<ContestProblemDetail> {
  const contest = await loadReadableContest(db, user, params.cid);
  const found = await findContestProblem(db, contest.id, params.displayId);
  if (!found) throw notFound('contest.contestProblemNotFound');
  if (found.problem.auth === ProblemAuth.PRIVATE && !isContestAdmin(user, contest)) {
    throw forbidden('contest.problemPrivate');
  }
  const shared = await getSharedProblemDetail(db, languages, caches, found.problem.problemId);
  const ended = contestStatus(contest, nowIso()) === ContestStatus.ENDED;
  const [counts, statuses] = await Promise.all([
    contestCounts(db, contest, user, [found.problem.id], params.containsEnd, caches.contestCounts),
    contestUserStatuses(db, contest, user, [found.problem.id], params.containsEnd),
  ]);
  const own = shared.detail.problem;
  const problem = {
    ...own,
    title: found.displayTitle,
    author: ended ? own.author : null,
    source: ended ? own.source : null,
    difficulty: ended ? own.difficulty : null,
  };
  // the rendered statement carries the source too: withheld alike
  const html = shared.detail.statementHtml;
  return {
    ...shared.detail,
    problem,
    ...(html ? { statementHtml: ended ? html : { ...html, source: '' } } : {}),
    tags: ended ? shared.detail.tags : [],
    problemCount: counts.get(found.problem.id) ?? { pid: found.problem.id, ...emptyCounts() },
    myStatus: statuses[String(found.problem.id)]?.status ?? JudgeStatus.NOT_SUBMITTED,
  };
}
