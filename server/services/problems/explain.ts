import type { Selectable } from 'kysely';
import type { Discussion, Page } from '../../../shared/api/types';
import { PAGE_SIZES } from '../../../shared/constants/limits';
import type { Db } from '../../db/database';
import type { DiscussionTable } from '../../db/schema';
import type { CurrentUser } from '../auth/users';
import { assertDiscussionsOpen } from '../discussions/access';
import { toDiscussionItem } from '../discussions/vo';
import { requireGroupDiscussions } from '../groups/discussion-access';
import { pageRequest, toPage } from '../paging';
import { findVisibleProblem } from './visibility';

/** HOJ discussion.status: 0 visible (1 hidden by an admin, 2 waiting for review). */
const DISCUSSION_VISIBLE = 0;

/** The discussion as the Explain tab reads it: the discussion list's row, with its Markdown. */
export function toDiscussion(row: Selectable<DiscussionTable>): Discussion {
  return { ...toDiscussionItem(row, false), content: row.content };
}

export interface ExplainListParams {
  pid: string;
  gid?: number;
  currentPage?: number;
  limit?: number;
}

/**
 * GET /api/get-Explain-list (the problem page's Explain tab; not an HOJ upstream call): the
 * visible discussions and solutions written about one problem, pinned ones first, then the
 * newest, with their Markdown text so the tab can show them in place. The problem must be one
 * the caller may open (same 404/403 as the problem detail).
 */
export async function listExplanations(
  db: Db,
  params: ExplainListParams,
  user: CurrentUser | null,
): Promise<Page<Discussion>> {
  // the area's switch closes this view of it too (docs/architecture.md, Discussions); a group's
  // discussions are for its members and the site's root while group discussions are open (Groups)
  if (params.gid) await requireGroupDiscussions(db, user, params.gid);
  else await assertDiscussionsOpen(db);
  const problem = await findVisibleProblem(db, params.pid, user);
  const req = pageRequest(params.currentPage, params.limit, PAGE_SIZES.explain);
  let base = db.kysely
    .selectFrom('discussion')
    .where('pid', '=', problem.problem_id)
    .where('status', '=', DISCUSSION_VISIBLE);
  base = params.gid ? base.where('gid', '=', params.gid) : base.where('gid', 'is', null);
  const totalRow = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const total = Number(totalRow?.n ?? 0);
  if (total === 0 || req.offset >= total) return toPage([], total, req);
  const rows = await base
    .selectAll()
    .orderBy('top_priority', 'desc')
    .orderBy('gmt_create', 'desc')
    .orderBy('id', 'desc')
    .limit(req.size)
    .offset(req.offset)
    .execute();
  return toPage(rows.map(toDiscussion), total, req);
}
