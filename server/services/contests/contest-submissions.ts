import type { Page, SubmissionListItem } from '../../../shared/api/types';
import { PAGE_SIZES } from '../../../shared/constants/limits';
import type { ContestSubmissionsParams } from '../../../shared/schemas/contests';
import type { Db } from '../../db/database';
import { containsText } from '../../db/like';
import type { CurrentUser } from '../auth/users';
import { forbidden, unauthorized } from '../errors';
import { pageRequest, toPage } from '../paging';
import { toListItem } from '../submissions/mapping';
import { LIST_COLUMNS } from '../submissions/queries';
import { loadReadableContest } from './access';
import { applyView, submissionView, type ViewContext, viewContext } from './submission-visibility';
import { runningRun } from './virtual/runs';

const columns = [...LIST_COLUMNS.filter((c) => c !== 'problem.title'), 'judge.virtual_id'] as const;

function toItem(ctx: ViewContext, row: Parameters<typeof toListItem>[0] & { display_title: string }) {
  const view = submissionView(ctx, row);
  if (view === 'hidden') return null;
  const item = applyView(toListItem(row, row.display_title), view);
  item.displayId = row.display_pid;
  return item;
}

/**
 * HOJ GET /api/contest-submissions: the contest's submissions newest first, for those who may
 * read the contest. Who sees which rows and fields: submission-visibility.ts. beforeContestSubmit
 * lists the admins' test submissions made before the start instead, to the contest's admins only.
 */
export async function listContestSubmissions(
  db: Db,
  user: CurrentUser | null,
  query: ContestSubmissionsParams,
): Promise<Page<SubmissionListItem>> {
  if (!user) throw unauthorized();
  const contest = await loadReadableContest(db, user, query.contestID);
  const ctx = viewContext(contest, user, !!query.containsEnd, await runningRun(db, contest, user));
  // the tests the contest's admins ran before the start are theirs alone (HOJ lists them to anyone who asks)
  if (query.beforeContestSubmit && !ctx.admin) throw forbidden('contestLimits.beforeStartAdminsOnly');
  const req = pageRequest(query.currentPage, query.limit, PAGE_SIZES.submissions);

  let base = db.kysely
    .selectFrom('judge')
    .innerJoin('contest_problem as cp', 'cp.id', 'judge.cpid')
    .where('judge.cid', '=', contest.id)
    .where('judge.submit_time', query.beforeContestSubmit ? '<' : '>=', contest.start_time)
    // virtual submissions are listed to their participant alone
    .where((eb) => eb.or([eb('judge.virtual_id', 'is', null), eb('judge.uid', '=', user.uid)]));
  if (!ctx.admin) {
    if (ctx.sealed && contest.seal_rank_time) {
      const seal = contest.seal_rank_time;
      base = base.where((eb) => eb.or([eb('judge.uid', '=', user.uid), eb('judge.submit_time', '<', seal)]));
    } else if (!ctx.afterEndShown) {
      const end = contest.end_time;
      base = base.where((eb) =>
        eb.or([eb('judge.submit_time', '<', end), eb('judge.virtual_id', 'is not', null)]),
      );
    }
  }
  if (query.onlyMine) base = base.where('judge.uid', '=', user.uid);
  const problemId = query.problemID?.trim();
  if (problemId) {
    base = query.completeProblemID
      ? base.where('judge.display_pid', '=', problemId)
      : base.where(containsText('judge.display_pid', problemId));
  }
  if (query.status !== undefined) base = base.where('judge.status', '=', query.status);
  const username = query.username?.trim();
  if (username) base = base.where(containsText('judge.username', username));

  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    base
      .select([...columns, 'cp.display_title'])
      .orderBy('judge.submit_time', 'desc')
      .orderBy('judge.submit_id', 'desc')
      .limit(req.size)
      .offset(req.offset)
      .execute(),
  ]);
  const records = rows.map((r) => toItem(ctx, r)).filter((r) => r !== null);
  return toPage(records, Number(total.n), req);
}

/**
 * HOJ POST /api/check-contest-submissions-status: polling of the listed submissions of one
 * contest, with the same visibility as the list (rows the caller may not see are left out).
 */
export async function checkContestStatuses(
  db: Db,
  user: CurrentUser,
  cid: number,
  submitIds: number[],
): Promise<Record<string, SubmissionListItem>> {
  const contest = await loadReadableContest(db, user, cid);
  const ids = [...new Set(submitIds)].slice(0, 100);
  if (ids.length === 0) return {};
  const ctx = viewContext(contest, user, true, await runningRun(db, contest, user));
  const rows = await db.kysely
    .selectFrom('judge')
    .innerJoin('contest_problem as cp', 'cp.id', 'judge.cpid')
    .select([...columns, 'cp.display_title'])
    .where('judge.cid', '=', contest.id)
    .where('judge.submit_id', 'in', ids)
    .execute();
  const out: Record<string, SubmissionListItem> = {};
  for (const r of rows) {
    const item = toItem(ctx, r);
    if (item) out[String(r.submit_id)] = item;
  }
  return out;
}
