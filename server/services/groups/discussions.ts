import type { DiscussionItem } from '../../../shared/api/discussion-types';
import type { Page } from '../../../shared/api/types';
import { DISCUSSION_LIMITS, DiscussionStatus } from '../../../shared/constants/discussions';
import type {
  GroupDiscussionCreateParams,
  GroupDiscussionUpdateParams,
} from '../../../shared/schemas/groups';
import { bit, bool } from '../../db/booleans';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { hasPermission, isAdminUser, isRootUser, type Permission } from '../authz';
import { nowIso } from '../clock';
import type { DiscussionRow } from '../discussions/access';
import { assertActionQuota } from '../discussions/rate';
import { toDiscussionItem } from '../discussions/vo';
import { insertDiscussion, removeDiscussions } from '../discussions/write';
import { forbidden, notFound } from '../errors';
import { pageRequest, toPage } from '../paging';
import { isOpenProblem } from '../problems/visibility';
import { requireAdmin, requireMember } from './access';
import { assertGroupDiscussionsOpen, requireGroupDiscussions } from './discussion-access';
import { type GroupStanding, isGroupAdmin, isGroupRoot, managesGroup } from './membership';

/**
 * A group's discussions (HOJ's GroupDiscussionManager): rows of `discussion` with the group's `gid`,
 * listed, posted, edited and deleted through the group's calls and read, liked, reported and
 * commented through the site's (discussions/access.ts asks groups/discussion-access.ts). The site's
 * list never shows them.
 */

function assertPermission(user: CurrentUser, permission: Permission): void {
  if (!hasPermission(user, permission)) throw forbidden('discussion.noPostPermission');
}

type ListQuery = { gid: number; currentPage?: number; limit?: number; pid?: string };

async function listPage(db: Db, user: CurrentUser, query: ListQuery, everyStatus: boolean) {
  const req = pageRequest(query.currentPage, query.limit, DISCUSSION_LIMITS.pageSize);
  let base = db.kysely.selectFrom('discussion').where('discussion.gid', '=', query.gid);
  if (!everyStatus) base = base.where('discussion.status', '=', DiscussionStatus.VISIBLE);
  if (query.pid) base = base.where('discussion.pid', '=', query.pid);
  const totalRow = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const total = Number(totalRow?.n ?? 0);
  if (total === 0 || req.offset >= total) return toPage<DiscussionItem>([], total, req);
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
    rows.map((row) => toDiscussionItem(row, row.uid === user.uid)),
    total,
    req,
  );
}

/** GET /api/group/get-discussion-list: the visible ones, pinned first, then newest; `pid` one problem's. */
export async function listGroupDiscussions(
  db: Db,
  user: CurrentUser,
  query: ListQuery,
): Promise<Page<DiscussionItem>> {
  await requireGroupDiscussions(db, user, query.gid);
  return listPage(db, user, query, false);
}

/** GET /api/group/get-admin-discussion-list: every one, any status, for the group's admins (also while closed). */
export async function listGroupAdminDiscussions(
  db: Db,
  user: CurrentUser,
  query: ListQuery,
): Promise<Page<DiscussionItem>> {
  await requireAdmin(db, user, query.gid);
  return listPage(db, user, { ...query, pid: undefined }, true);
}

async function assertCategoryExists(db: Db, id: number): Promise<void> {
  const row = await db.kysely.selectFrom('category').select('id').where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('discussion.categoryNotFound');
}

/** A group's discussion names a problem of the site's public list or of the group itself. */
async function assertProblemOfGroup(db: Db, gid: number, pid: string): Promise<void> {
  const problem = await db.kysely
    .selectFrom('problem')
    .select(['auth', 'gid'])
    .where('problem_id', '=', pid)
    .executeTakeFirst();
  if (!problem || !(isOpenProblem(problem) || problem.gid === gid)) throw notFound('group.problemNotFound');
}

/** The author's badge in the group (HOJ): its roots 'root', its admins 'admin', the site's root 'root'. */
function roleIn(user: CurrentUser, standing: GroupStanding): string {
  if (isRootUser(user) || isGroupRoot(standing)) return 'root';
  return isGroupAdmin(standing) || isAdminUser(user) ? 'admin' : 'user';
}

/**
 * POST /api/group/discussion: a member (or the site's root) posts in the group. The site's posting
 * rules apply as in HOJ: the discussion_add permission, an existing category, and for everyone but the
 * site's admin roles the accepted-problem threshold and the daily limit (shared with the public area,
 * counted last). Only the group's admins pin.
 */
export async function createGroupDiscussion(
  db: Db,
  user: CurrentUser,
  body: GroupDiscussionCreateParams,
): Promise<DiscussionItem> {
  assertPermission(user, 'discussion_add');
  const { standing } = await requireGroupDiscussions(db, user, body.gid);
  await assertCategoryExists(db, body.categoryId);
  if (body.pid) await assertProblemOfGroup(db, body.gid, body.pid);
  return insertDiscussion(db, user, body, {
    gid: body.gid,
    role: roleIn(user, standing),
    mayPin: managesGroup(standing),
  });
}

async function loadGroupDiscussion(db: Db, did: number): Promise<DiscussionRow & { gid: number }> {
  const row = await db.kysely
    .selectFrom('discussion')
    .selectAll()
    .where('id', '=', did)
    .where('gid', 'is not', null)
    .executeTakeFirst();
  if (!row || row.gid === null) throw notFound('discussion.notFound');
  return { ...row, gid: row.gid };
}

/**
 * PUT /api/group/discussion: its author (still a member) or the group's admins change title,
 * description, text and category; the pin only the admins. The group is the row's, whatever `gid`
 * is sent (HOJ checked the one sent).
 */
export async function updateGroupDiscussion(
  db: Db,
  user: CurrentUser,
  body: GroupDiscussionUpdateParams,
): Promise<DiscussionItem> {
  assertPermission(user, 'discussion_edit');
  const row = await loadGroupDiscussion(db, body.id);
  const { standing } = await requireGroupDiscussions(db, user, row.gid);
  const manager = managesGroup(standing);
  if (row.uid !== user.uid && !manager) throw forbidden('discussion.notYours');
  await assertCategoryExists(db, body.categoryId);
  await assertActionQuota(db, user, 'edits');
  const pin = manager && body.topPriority !== undefined ? { top_priority: bit(bool(body.topPriority)) } : {};
  const updated = await db.kysely
    .updateTable('discussion')
    .set({
      title: body.title.trim(),
      description: body.description.trim(),
      content: body.content,
      category_id: body.categoryId,
      gmt_modified: nowIso(),
      ...pin,
    })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toDiscussionItem(updated, true);
}

/**
 * DELETE /api/group/discussion: the group's admins (also while group discussions are closed) or its
 * author while a member; its comments, replies, likes and reports go with it.
 */
export async function deleteGroupDiscussion(db: Db, user: CurrentUser, did: number): Promise<void> {
  assertPermission(user, 'discussion_del');
  const row = await loadGroupDiscussion(db, did);
  const { standing } = await requireMember(db, user, row.gid);
  if (!managesGroup(standing)) {
    await assertGroupDiscussionsOpen(db);
    if (row.uid !== user.uid) throw forbidden('discussion.notYours');
  }
  await removeDiscussions(db, [row.id]);
}
