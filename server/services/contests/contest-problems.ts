import type { AdminContestProblemList, ContestProblem } from '../../../shared/api/contest-types';
import { CONTEST_PROBLEM_PAGE_SIZE } from '../../../shared/constants/contests';
import { ProblemAuth } from '../../../shared/constants/problems';
import type {
  AddContestProblemParams as AddParams,
  AdminContestProblemListParams,
  ContestProblemUpdateParams as UpdateParams,
} from '../../../shared/schemas/contests';
import type { Db } from '../../db/database';
import { containsText } from '../../db/like';
import type { CurrentUser } from '../auth/users';
import { canPublishProblem } from '../authz';
import { nowIso } from '../clock';
import { badRequest, forbidden, notFound } from '../errors';
import type { JudgeEvents } from '../judge-queue/events';
import { pageRequest, toPage } from '../paging';
import { toProblem } from '../problems/mapping';
import { isOpenProblem, openProblemSql } from '../problems/visibility';
import { type ContestAdminScope, loadAdministeredContest } from './admin-contests';
import { contestRowChanged } from './contest-row-cache';
import type { ContestRow } from './contest-store';
import { assertNotImported } from './feed/imported';

interface Row {
  id: number;
  cid: number;
  pid: number;
  display_id: string;
  display_title: string;
  color: string | null;
}

function toVo(r: Row): ContestProblem {
  return {
    id: r.id,
    cid: r.cid,
    pid: r.pid,
    displayId: r.display_id,
    displayTitle: r.display_title,
    color: r.color,
  };
}

async function loadProblem(db: Db, pid: number) {
  const p = await db.kysely
    .selectFrom('problem')
    .select(['id', 'problem_id', 'title', 'auth', 'author', 'gid'])
    .where('id', '=', pid)
    .executeTakeFirst();
  if (!p) throw notFound('contest.problemNotFound');
  return p;
}

/**
 * What a group's contest may hold (HOJ's group calls): problems open to everyone, and problems of
 * its own group; another group's problem is refused, and so is a site problem kept hidden.
 */
function assertGroupMayHold(contest: ContestRow, problem: { auth: number; gid: number | null }): void {
  if (contest.gid === null) return;
  if (problem.gid !== null && problem.gid !== contest.gid)
    throw forbidden('groupContent.problemOfOtherGroup');
  if (problem.gid === null && !isOpenProblem(problem)) throw badRequest('groupContent.problemNotPublic');
}

async function assertDisplayIdFree(db: Db, cid: number, displayId: string, exceptId: number | null) {
  let q = db.kysely
    .selectFrom('contest_problem')
    .select('id')
    .where('cid', '=', cid)
    .where('display_id', '=', displayId);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw badRequest('contest.displayIdTaken');
}

async function loadContestProblem(db: Db, cid: number, pid: number): Promise<Row> {
  const row = await db.kysely
    .selectFrom('contest_problem')
    .selectAll()
    .where('cid', '=', cid)
    .where('pid', '=', pid)
    .executeTakeFirst();
  if (!row) throw notFound('contest.contestProblemNotFound');
  return row;
}

/**
 * A contest's problem list is part of the contest: changing it moves the contest's gmt_modified, which
 * is what cached boards compare to know they must be rebuilt.
 */
async function contestChanged(db: Db, cid: number): Promise<void> {
  await db.kysely.updateTable('contest').set({ gmt_modified: nowIso() }).where('id', '=', cid).execute();
  contestRowChanged(db, cid);
}

/**
 * HOJ add-problem-from-public: links an existing problem under a display id (its title shown by
 * default). A private problem becomes contest-only (auth 3) when the caller may decide that (root,
 * a problem admin or the problem's author), so a problem imported private opens to the contest's
 * participants and to no one else. Unlike HOJ, a public problem stays public: hiding a problem
 * set's classics because a practice contest reuses them is not what an admin asked for
 * (docs/security.md). Returns the link, and the display id of a problem whose visibility changed.
 */
export async function addProblemFromPublic(
  db: Db,
  events: JudgeEvents,
  user: CurrentUser,
  p: AddParams,
  scope: ContestAdminScope = 'console',
): Promise<ContestProblem> {
  const contest = await loadAdministeredContest(db, user, p.cid, scope);
  await assertNotImported(db, p.cid);
  const problem = await loadProblem(db, p.pid);
  assertGroupMayHold(contest, problem);
  const dup = await db.kysely
    .selectFrom('contest_problem')
    .select('id')
    .where('cid', '=', p.cid)
    .where('pid', '=', p.pid)
    .executeTakeFirst();
  if (dup) throw badRequest('contest.problemAlreadyAdded');
  await assertDisplayIdFree(db, p.cid, p.displayId, null);
  const now = nowIso();
  const row = await db.kysely
    .insertInto('contest_problem')
    .values({
      cid: p.cid,
      pid: p.pid,
      display_id: p.displayId,
      display_title: problem.title,
      color: null,
      gmt_create: now,
      gmt_modified: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await contestChanged(db, p.cid);
  // a group's own problems keep their visibility in its contests (HOJ makes them contest-only)
  const mayDecide = problem.gid === null && (canPublishProblem(user) || problem.author === user.username);
  const change = mayDecide && problem.auth === ProblemAuth.PRIVATE;
  if (change) {
    await db.kysely
      .updateTable('problem')
      .set({ auth: ProblemAuth.CONTEST, gmt_modified: now })
      .where('id', '=', problem.id)
      .execute();
    // the problem page shows its visibility to admins: not a stale one from a cache
    events.emit('problemChanged', { problemId: problem.problem_id, visibility: true });
  }
  return toVo(row);
}

export async function getContestProblem(
  db: Db,
  user: CurrentUser,
  cid: number,
  pid: number,
  scope: ContestAdminScope = 'console',
): Promise<ContestProblem> {
  await loadAdministeredContest(db, user, cid, scope);
  return toVo(await loadContestProblem(db, cid, pid));
}

/**
 * Changes the display id (unique in the contest), the display title (empty: the problem's) and the
 * balloon colour. A problem not in the contest yet is added first, as HOJ's editor expects: it
 * creates a problem for a contest and then sets its contest settings with this call.
 */
export async function updateContestProblem(
  db: Db,
  events: JudgeEvents,
  user: CurrentUser,
  p: UpdateParams,
  scope: ContestAdminScope = 'console',
): Promise<ContestProblem> {
  await loadAdministeredContest(db, user, p.cid, scope);
  await assertNotImported(db, p.cid);
  const linked = await db.kysely
    .selectFrom('contest_problem')
    .select('id')
    .where('cid', '=', p.cid)
    .where('pid', '=', p.pid)
    .executeTakeFirst();
  if (!linked && p.id === undefined) await addProblemFromPublic(db, events, user, p, scope);
  const row = await loadContestProblem(db, p.cid, p.pid);
  if (p.id !== undefined && p.id !== row.id) throw notFound('contest.contestProblemNotFound');
  await assertDisplayIdFree(db, p.cid, p.displayId, row.id);
  const title = p.displayTitle || (await loadProblem(db, p.pid)).title;
  await db.kysely
    .updateTable('contest_problem')
    .set({ display_id: p.displayId, display_title: title, color: p.color || null, gmt_modified: nowIso() })
    .where('id', '=', row.id)
    .execute();
  await contestChanged(db, p.cid);
  return toVo(await loadContestProblem(db, p.cid, p.pid));
}

/** Removes a problem from the contest (the problem itself stays). */
export async function removeContestProblem(
  db: Db,
  user: CurrentUser,
  cid: number,
  pid: number,
  scope: ContestAdminScope = 'console',
): Promise<void> {
  await loadAdministeredContest(db, user, cid, scope);
  await assertNotImported(db, cid);
  const row = await loadContestProblem(db, cid, pid);
  await db.kysely.deleteFrom('contest_problem').where('id', '=', row.id).execute();
  await contestChanged(db, cid);
}

/**
 * HOJ GET /api/admin/contest/get-problem-list. Without `problemType`: the contest's problems, in
 * display id order; with it: the problems of that type the contest could add (not in it yet; a
 * private one only for those who may make it contest-only by adding it), by id. Either way `contestProblemMap` gives the contest's problems by problem id, and
 * the list is a page even when empty (HOJ sends an empty array, which its client cannot read).
 */
export async function listAdminContestProblems(
  db: Db,
  user: CurrentUser,
  query: AdminContestProblemListParams,
  scope: ContestAdminScope = 'console',
): Promise<AdminContestProblemList> {
  const contest = await loadAdministeredContest(db, user, query.cid, scope);
  const req = pageRequest(query.currentPage, query.limit, CONTEST_PROBLEM_PAGE_SIZE);
  const inContest = await db.kysely
    .selectFrom('contest_problem')
    .selectAll()
    .where('cid', '=', query.cid)
    .execute();
  const contestProblemMap: Record<string, ContestProblem> = {};
  for (const r of inContest) contestProblemMap[String(r.pid)] = toVo(r);
  const pids = inContest.map((r) => r.pid);
  const adding = query.problemType !== undefined;
  if (!adding && pids.length === 0) return { problemList: toPage([], 0, req), contestProblemMap };

  let base = db.kysely
    .selectFrom('problem as p')
    .leftJoin('contest_problem as cp', (j) => j.onRef('cp.pid', '=', 'p.id').on('cp.cid', '=', query.cid));
  base = adding
    ? base
        .where('cp.id', 'is', null)
        .where('p.type', '=', query.problemType ?? 0)
        // a private problem is offered to those who may make it contest-only by adding it; a group's
        // contest is offered the public list only (HOJ), its group's problems go by id
        .where((eb) =>
          contest.gid !== null
            ? openProblemSql('p')
            : canPublishProblem(user)
              ? eb.lit(true)
              : eb.or([eb('p.auth', '!=', ProblemAuth.PRIVATE), eb('p.author', '=', user.username)]),
        )
    : base.where('cp.id', 'is not', null);
  const keyword = query.keyword?.trim();
  if (keyword) {
    base = base.where((eb) =>
      eb.or([
        containsText('p.title', keyword),
        containsText('p.problem_id', keyword),
        containsText('p.author', keyword),
      ]),
    );
  }
  const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  const rows = await (adding ? base.orderBy('p.id') : base.orderBy('cp.display_id'))
    .selectAll('p')
    .limit(req.size)
    .offset(req.offset)
    .execute();
  return { problemList: toPage(rows.map(toProblem), Number(total.n), req), contestProblemMap };
}
