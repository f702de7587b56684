import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Page, SubmissionListItem } from '../../../shared/api/types';
import { LIST_TOTAL_CAP, PAGE_SIZES } from '../../../shared/constants/limits';
import { ProblemAuth } from '../../../shared/constants/problems';
import type { SubmissionListParams } from '../../../shared/schemas/api';
import type { Db } from '../../db/database';
import { containsText } from '../../db/like';
import type { CurrentUser } from '../auth/users';
import { canSearchSubmissionAuthor } from '../authz';
import { ReadCache } from '../cache/read-cache';
import { forbidden, unauthorized } from '../errors';
import { type GroupAccess, managesGroupProblems, requireGroupMember } from '../groups/problem-access';
import { pageRequest, toPage } from '../paging';
import { openSubmissionSql, seesHiddenProblems } from '../problems/visibility';
import { toListItem } from './mapping';
import { LIST_COLUMNS } from './queries';

/**
 * The public submission list's caches (docs/architecture.md, Caches): whole pages for 1 s (every
 * contestant's status page polls the same few pages), totals per filter for 5 s (counting is the
 * dear part). A submission or verdict in this process drops the pages at once and the submitter's
 * own totals; other replicas catch up within the TTLs.
 */
export class SubmissionListCache {
  readonly pages = new ReadCache<Page<SubmissionListItem>>({ max: 2000, ttlMs: 1000 });
  readonly totals = new ReadCache<{ n: number }>({ max: 5000, ttlMs: 5000 });

  /** a submission was made or judged: pages change; the submitter's own totals too */
  changed(uid?: string): void {
    this.pages.clear();
    if (uid) this.totals.deleteWhere((key) => key.startsWith(`${JSON.stringify(uid)},`, 1));
  }

  /** a problem was hidden or published: which rows a list may show changed for everyone */
  problemsChanged(): void {
    this.pages.clear();
    this.totals.clear();
  }
}

/**
 * SQL on `judge` rows of a group's list, for its members: the submission's problem is public (its
 * private and contest-only problems are its admins'; the rows are the group's already).
 */
function groupMemberSubmissionSql(): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref('judge.pid')} not in (select hp.id from problem hp where hp.auth <> ${ProblemAuth.PUBLIC})`;
}

/** A problem filter matching more problems than this walks judge newest-first instead of by problem. */
const FEW_PROBLEMS = 50;

interface ListFilter {
  uid: string | null;
  status: number | null;
  problemID: string | null;
  exactProblem: boolean;
  author: string | null;
  /**
   * admins see the submissions of every problem; others only those of problems open to all (in a
   * group's list: the group's admins all, its members those of its public problems)
   */
  allProblems: boolean;
  /** the group whose submissions are listed (HOJ's gid); null: the site's, outside groups */
  gid: number | null;
  /** the rows carry the submitter's real name (a group's list, for the group's admins) */
  realnames: boolean;
}

/**
 * The filters' rules: Mine needs a login, the author search is for admin roles (and, in a group's
 * list, for the group's admins).
 */
function listFilter(
  query: SubmissionListParams,
  viewer: CurrentUser | null,
  group: GroupAccess | null,
): ListFilter {
  if (query.onlyMine && !viewer) throw unauthorized();
  const groupAdmin = !!group && managesGroupProblems(group);
  const searchesAuthors = canSearchSubmissionAuthor(viewer) || groupAdmin;
  const username = query.username?.trim();
  // with Mine on the author is ignored (the client clears it); anyone may name themselves: that
  // is the Mine filter
  const ownName = !!viewer && username === viewer.username;
  const mine = query.onlyMine || (ownName && !searchesAuthors);
  if (username && !mine && !searchesAuthors) {
    throw viewer ? forbidden('workspace.authorSearchAdminOnly') : unauthorized();
  }
  return {
    uid: mine && viewer ? viewer.uid : null,
    status: query.status ?? null,
    problemID: query.problemID?.trim() || null,
    exactProblem: !!query.completeProblemID,
    author: username && !mine ? username : null,
    allProblems: seesHiddenProblems(viewer) || groupAdmin,
    gid: group?.gid ?? null,
    realnames: groupAdmin,
  };
}

/**
 * HOJ GET /api/get-submission-list: public submissions (not in contests or groups), newest first;
 * for callers other than admins only those of problems open to everyone (problems/visibility.ts),
 * the caller's own included. With `gid` (HOJ's group status list): that group's submissions, for
 * its members only (checked on every request before any cached page is answered, so a member who
 * is removed loses it at once); its admins get every row and the submitters' real names
 * (`realname`), its members the rows of its public problems.
 * Problem and author filters become id sets first; a few problems are read through judge's
 * problem index, many (a short "contains" filter) by walking judge newest-first. The total is
 * counted up to LIST_TOTAL_CAP rows (beyond it the page says `totalCapped`).
 */
export async function listSubmissions(
  db: Db,
  query: SubmissionListParams,
  viewer: CurrentUser | null,
  cache: SubmissionListCache,
): Promise<Page<SubmissionListItem>> {
  const group = query.gid ? await requireGroupMember(db, query.gid, viewer) : null;
  const filter = listFilter(query, viewer, group);
  const req = pageRequest(query.currentPage, query.limit, PAGE_SIZES.submissions);
  // the submitter (Mine) stays first: SubmissionListCache.changed drops a submitter's totals by it
  const key = JSON.stringify([
    filter.uid,
    filter.status,
    filter.problemID,
    filter.exactProblem,
    filter.author,
    filter.allProblems,
    filter.gid,
    filter.realnames,
  ]);
  return cache.pages.get(`${key}|${req.current}|${req.size}`, () => loadPage(db, filter, req, key, cache));
}

async function idsOf(db: Db, filter: ListFilter) {
  const pids = filter.problemID
    ? (
        await db.kysely
          .selectFrom('problem')
          .select('id')
          .where(
            filter.exactProblem
              ? sql<boolean>`problem_id = ${filter.problemID}`
              : containsText('problem_id', filter.problemID),
          )
          .execute()
      ).map((r) => r.id)
    : null;
  const uids = filter.author
    ? (
        await db.kysely
          .selectFrom('user_info')
          .select('uuid')
          .where(containsText('username', filter.author))
          .execute()
      ).map((r) => r.uuid)
    : null;
  return { pids, uids };
}

async function loadPage(
  db: Db,
  filter: ListFilter,
  req: ReturnType<typeof pageRequest>,
  key: string,
  cache: SubmissionListCache,
): Promise<Page<SubmissionListItem>> {
  const { pids, uids } = await idsOf(db, filter);
  if (pids?.length === 0 || uids?.length === 0) return toPage([], 0, req);
  const openOnly = filter.allProblems
    ? null
    : filter.gid === null
      ? openSubmissionSql()
      : groupMemberSubmissionSql();

  /** `newestFirst`: the rows of a page (walk judge by id); else the count (any order) */
  const filtered = (newestFirst: boolean) => {
    let q = db.kysely.selectFrom('judge').where('judge.cid', '=', 0);
    q = filter.gid === null ? q.where('judge.gid', 'is', null) : q.where('judge.gid', '=', filter.gid);
    if (filter.uid) q = q.where('judge.uid', '=', filter.uid);
    if (filter.status !== null) q = q.where('judge.status', '=', filter.status);
    if (pids) {
      // for a page SQLite would read every submission of 100+ problems and sort them; newest-first
      // with a membership test finds 15 rows at once ("+" keeps it off the problem index). The
      // count has no order: the problem index is right for it.
      const walk = newestFirst && pids.length > FEW_PROBLEMS && db.dialect === 'sqlite';
      const column = walk ? sql<number>`+judge.pid` : sql<number>`judge.pid`;
      q = q.where(column, 'in', pids);
    }
    if (uids) q = q.where('judge.uid', 'in', uids);
    if (openOnly) q = q.where(openOnly);
    return q;
  };

  const [total, rows] = await Promise.all([
    cache.totals.get(key, async () => {
      const capped = await db.kysely
        .selectFrom(filtered(false).select('judge.submit_id').limit(LIST_TOTAL_CAP).as('capped'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      return { n: Number(capped?.n ?? 0) };
    }),
    filtered(true)
      .innerJoin('problem', 'problem.id', 'judge.pid')
      .select([...LIST_COLUMNS])
      .$if(filter.realnames, (qb) =>
        qb.leftJoin('user_info as author', 'author.uuid', 'judge.uid').select('author.realname'),
      )
      .orderBy('judge.submit_id', 'desc')
      .limit(req.size)
      .offset(req.offset)
      .execute(),
  ]);
  // a total counted a moment before rows that came since cannot be below what this page shows
  const n = Math.max(total.n, req.offset + rows.length);
  const page = toPage(
    rows.map((r) =>
      filter.realnames ? { ...toListItem(r, r.title), realname: r.realname ?? null } : toListItem(r, r.title),
    ),
    n,
    req,
  );
  return n >= LIST_TOTAL_CAP ? { ...page, totalCapped: true } : page;
}
