import type { DiscussionDetail, DiscussionItem } from '../../../shared/api/discussion-types';
import type { Page } from '../../../shared/api/types';
import { DISCUSSION_LIMITS, DiscussionStatus } from '../../../shared/constants/discussions';
import type { DiscussionListParams } from '../../../shared/schemas/discussions';
import type { Db } from '../../db/database';
import { containsText } from '../../db/like';
import type { CurrentUser } from '../auth/users';
import { isAdminUser } from '../authz';
import { pageRequest, toPage } from '../paging';
import { findVisibleProblem } from '../problems/visibility';
import { countRequest } from '../site/rate-window';
import { aboutOpenProblemSql, assertDiscussionsOpen, loadReadableDiscussion } from './access';
import { toDiscussionDetail, toDiscussionItem } from './vo';

/**
 * GET /api/get-discussion-list (HOJ): a page of the public area's discussions, pinned first, then
 * the newest (HOJ's order: top_priority, gmt_create, like_num, view_num). Filters: category (`cid`),
 * problem (`pid`), the caller's own (`onlyMine`), and a keyword in the title, author, id or
 * description. `admin` from an admin role lists every status (the console's list), also while the
 * area is closed; everyone else sees visible ones about problems they may see.
 */
export async function listDiscussions(
  db: Db,
  user: CurrentUser | null,
  query: DiscussionListParams,
): Promise<Page<DiscussionItem>> {
  const console = !!query.admin && isAdminUser(user);
  if (!console) await assertDiscussionsOpen(db);
  // a problem's discussions: the problem must be one the caller may open (the Explain tab's rule)
  if (query.pid && !console) await findVisibleProblem(db, query.pid, user);
  const req = pageRequest(query.currentPage, query.limit, DISCUSSION_LIMITS.pageSize);

  let base = db.kysely.selectFrom('discussion').where('discussion.gid', 'is', null);
  if (!console) {
    base = base.where('discussion.status', '=', DiscussionStatus.VISIBLE);
    if (!isAdminUser(user)) base = base.where(aboutOpenProblemSql());
  }
  if (query.cid !== undefined) base = base.where('discussion.category_id', '=', query.cid);
  if (query.pid) base = base.where('discussion.pid', '=', query.pid);
  if (query.onlyMine && user) base = base.where('discussion.uid', '=', user.uid);
  const keyword = query.keyword?.trim();
  if (keyword) {
    const asId = /^\d{1,9}$/.test(keyword) ? Number(keyword) : null;
    base = base.where((eb) =>
      eb.or([
        containsText('discussion.title', keyword),
        containsText('discussion.author', keyword),
        containsText('discussion.description', keyword),
        ...(asId === null ? [] : [eb('discussion.id', '=', asId)]),
      ]),
    );
  }
  const totalRow = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const total = Number(totalRow?.n ?? 0);
  if (total === 0 || req.offset >= total) return toPage([], total, req);
  const rows = await base
    .selectAll('discussion')
    .orderBy('discussion.top_priority', 'desc')
    .orderBy('discussion.gmt_create', 'desc')
    .orderBy('discussion.like_num', 'desc')
    .orderBy('discussion.view_num', 'desc')
    .orderBy('discussion.id', 'desc')
    .limit(req.size)
    .offset(req.offset)
    .execute();
  // HOJ sends the text only to its author: the list shows titles and descriptions
  return toPage(
    rows.map((row) => toDiscussionItem(row, row.uid === user?.uid)),
    total,
    req,
  );
}

/**
 * GET /api/get-discussion-detail (HOJ): the discussion with its text, counting a view. A viewer
 * (user, else address) counts once per window (DISCUSSION_LIMITS.viewWindowSeconds): reloading a page
 * is not a way to climb the list.
 */
export async function discussionDetail(
  db: Db,
  user: CurrentUser | null,
  did: number,
  viewer: string,
): Promise<DiscussionDetail> {
  const row = await loadReadableDiscussion(db, user, did);
  const seen = await countRequest(
    db,
    `discussion-view:${did}:${viewer}`,
    DISCUSSION_LIMITS.viewWindowSeconds,
  );
  if (seen.count === 1) {
    await db.kysely
      .updateTable('discussion')
      .set((eb) => ({ view_num: eb('view_num', '+', 1) }))
      .where('id', '=', did)
      .execute();
    row.view_num += 1;
  }
  return toDiscussionDetail(db, row, user?.uid ?? null);
}
