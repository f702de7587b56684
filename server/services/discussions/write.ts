import type { DiscussionItem, DiscussionLike } from '../../../shared/api/discussion-types';
import { DiscussionStatus } from '../../../shared/constants/discussions';
import type {
  DiscussionCreateParams,
  DiscussionReportForm,
  DiscussionUpdateParams,
} from '../../../shared/schemas/discussions';
import { bit, bool } from '../../db/booleans';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { hasPermission, isAdminUser, isRootUser, type Permission } from '../authz';
import { nowIso } from '../clock';
import { AppError, badRequest, forbidden, notFound } from '../errors';
import { unreadChanged } from '../live/signals';
import { canSeeProblem } from '../problems/visibility';
import {
  assertDiscussionsOpen,
  assertEnoughAccepted,
  assertOpenForActivity,
  type DiscussionRow,
  discussionRules,
  loadDiscussion,
  loadReadableDiscussion,
} from './access';
import { assertActionQuota, assertDailyPostQuota } from './rate';
import { remindPostLike } from './reminders';
import { toDiscussionItem } from './vo';

/**
 * Posting, editing, deleting, liking and reporting discussions (HOJ's DiscussionManager; the rules:
 * docs/architecture.md, Discussions). Roles 1004 and 1006 lack discussion_add, 1005 and 1007 too
 * (HOJ's role_auth); every role keeps discussion_edit and discussion_del for its own posts.
 */

function assertPermission(user: CurrentUser, permission: Permission): void {
  if (!hasPermission(user, permission)) throw forbidden('discussion.noPostPermission');
}

/** HOJ's role badge of a post: root, admin (admin or problem admin) or user. */
function roleOf(user: CurrentUser): 'root' | 'admin' | 'user' {
  if (isRootUser(user)) return 'root';
  return isAdminUser(user) ? 'admin' : 'user';
}

/** The author of a post may change it; admin roles may change any (HOJ's console lets them). */
function assertMayChange(user: CurrentUser, row: DiscussionRow): void {
  if (row.uid !== user.uid && !isAdminUser(user)) throw forbidden('discussion.notYours');
}

async function assertCategoryExists(db: Db, id: number): Promise<void> {
  const row = await db.kysely.selectFrom('category').select('id').where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('discussion.categoryNotFound');
}

/** A solution names a problem by display id: it must exist and be one the caller may open (HOJ: exist). */
async function assertProblemForPost(db: Db, user: CurrentUser, pid: string): Promise<void> {
  const problem = await db.kysely
    .selectFrom('problem')
    .select(['auth', 'gid'])
    .where('problem_id', '=', pid)
    .executeTakeFirst();
  if (!problem || !canSeeProblem(problem, user)) throw notFound('discussion.problemNotFound');
}

/**
 * POST /api/discussion. Checked in HOJ's order, cheapest refusals first: the permission, the area
 * switch, the category and problem, then for non-admins the accepted-problem threshold and the
 * daily limit (counted last, so a post refused for another reason does not use up the day).
 */
export async function createDiscussion(
  db: Db,
  user: CurrentUser,
  body: DiscussionCreateParams,
): Promise<DiscussionItem> {
  assertPermission(user, 'discussion_add');
  await assertDiscussionsOpen(db);
  if (body.gid !== undefined) throw badRequest('discussion.groupsUnsupported');
  await assertCategoryExists(db, body.categoryId);
  if (body.pid) await assertProblemForPost(db, user, body.pid);
  return insertDiscussion(db, user, body, { gid: null, role: roleOf(user), mayPin: isAdminUser(user) });
}

/**
 * Writes a new post after the caller's place-specific checks (the site's or a group's): HOJ's
 * rules for posting (accepted problems, the daily limit), then the row. Only those who may pin
 * (`mayPin`) keep a pin flag; anyone else's is reset (HOJ).
 */
export async function insertDiscussion(
  db: Db,
  user: CurrentUser,
  body: Pick<
    DiscussionCreateParams,
    'categoryId' | 'title' | 'description' | 'content' | 'pid' | 'topPriority'
  >,
  place: { gid: number | null; role: string; mayPin: boolean },
): Promise<DiscussionItem> {
  const rules = await discussionRules(db);
  await assertEnoughAccepted(db, user, rules.defaultCreateDiscussionACInitValue, 'discussion.acRequired');
  await assertDailyPostQuota(db, user, rules.defaultCreateDiscussionDailyLimit);
  const account = await db.kysely
    .selectFrom('user_info')
    .select('avatar')
    .where('uuid', '=', user.uid)
    .executeTakeFirst();
  const now = nowIso();
  const row = await db.kysely
    .insertInto('discussion')
    .values({
      category_id: body.categoryId,
      title: body.title.trim(),
      description: body.description.trim(),
      content: body.content,
      pid: body.pid ?? null,
      uid: user.uid,
      author: user.username,
      avatar: account?.avatar ?? null,
      role: place.role,
      view_num: 0,
      like_num: 0,
      comment_num: 0,
      top_priority: place.mayPin ? bit(bool(body.topPriority ?? 0)) : 0,
      status: DiscussionStatus.VISIBLE,
      gid: place.gid,
      gmt_create: now,
      gmt_modified: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toDiscussionItem(row, true);
}

/** PUT /api/discussion: title, description, text and category; the pin for admin roles only (HOJ). */
export async function updateDiscussion(
  db: Db,
  user: CurrentUser,
  body: DiscussionUpdateParams,
): Promise<DiscussionItem> {
  assertPermission(user, 'discussion_edit');
  await assertDiscussionsOpen(db);
  const row = await loadDiscussion(db, body.id);
  assertMayChange(user, row);
  await assertCategoryExists(db, body.categoryId);
  await assertActionQuota(db, user, 'edits');
  const pin =
    isAdminUser(user) && body.topPriority !== undefined ? { top_priority: bit(bool(body.topPriority)) } : {};
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
 * Deletes discussions with everything hanging on them: comments, their replies and likes, the
 * discussion's likes and reports. Reminders already sent stay in the message centre (HOJ).
 */
export async function removeDiscussions(db: Db, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  return db.kysely.transaction().execute(async (trx) => {
    const comments = trx.selectFrom('comment').select('id').where('did', 'in', ids);
    await trx.deleteFrom('reply').where('comment_id', 'in', comments).execute();
    await trx.deleteFrom('comment_like').where('cid', 'in', comments).execute();
    await trx.deleteFrom('comment').where('did', 'in', ids).execute();
    await trx.deleteFrom('discussion_like').where('did', 'in', ids).execute();
    await trx.deleteFrom('discussion_report').where('did', 'in', ids).execute();
    const res = await trx.deleteFrom('discussion').where('id', 'in', ids).executeTakeFirst();
    return Number(res.numDeletedRows);
  });
}

/** DELETE /api/discussion: its author or an admin role (HOJ's list offers Delete to both). */
export async function deleteDiscussion(db: Db, user: CurrentUser, did: number): Promise<void> {
  assertPermission(user, 'discussion_del');
  await assertDiscussionsOpen(db);
  const row = await loadDiscussion(db, did);
  assertMayChange(user, row);
  await removeDiscussions(db, [row.id]);
}

/**
 * GET /api/discussion-like: toLike true likes it once (a second like changes nothing, unlike HOJ,
 * which counted every call), false takes the caller's like back. The first like by a user reminds
 * the author (Like_Post).
 */
export async function likeDiscussion(
  db: Db,
  user: CurrentUser,
  query: { did: number; toLike: boolean },
): Promise<DiscussionLike> {
  const row = await loadReadableDiscussion(db, user, query.did);
  assertOpenForActivity(row);
  await assertActionQuota(db, user, 'likes');
  await db.kysely.transaction().execute(async (trx) => {
    if (query.toLike) {
      const added = await trx
        .insertInto('discussion_like')
        .values({ did: row.id, uid: user.uid, gmt_create: nowIso() })
        .onConflict((oc) => oc.columns(['did', 'uid']).doNothing())
        .executeTakeFirst();
      if (Number(added.numInsertedOrUpdatedRows ?? 0) === 0) return;
      await trx
        .updateTable('discussion')
        .set((eb) => ({ like_num: eb('like_num', '+', 1) }))
        .where('id', '=', row.id)
        .execute();
      await remindPostLike(trx, {
        senderUid: user.uid,
        recipientUid: row.uid,
        did: row.id,
        title: row.title,
      });
    } else {
      const removed = await trx
        .deleteFrom('discussion_like')
        .where('did', '=', row.id)
        .where('uid', '=', user.uid)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) return;
      await trx
        .updateTable('discussion')
        .set((eb) => ({ like_num: eb('like_num', '-', 1) }))
        .where('id', '=', row.id)
        .execute();
    }
  });
  if (query.toLike) unreadChanged(db, row.uid);
  const after = await db.kysely
    .selectFrom('discussion')
    .select('like_num')
    .where('id', '=', row.id)
    .executeTakeFirst();
  return { liked: query.toLike, likeNum: after?.like_num ?? 0 };
}

/**
 * POST /api/discussion-report: the reporter is the caller (HOJ trusts the username the client
 * sends). One open report per user and discussion: a second one before an admin handled the first
 * adds nothing to the admins' list.
 */
export async function reportDiscussion(db: Db, user: CurrentUser, body: DiscussionReportForm): Promise<void> {
  const row = await loadReadableDiscussion(db, user, body.did);
  assertOpenForActivity(row);
  const open = await db.kysely
    .selectFrom('discussion_report')
    .select('id')
    .where('did', '=', row.id)
    .where('uid', '=', user.uid)
    .where('status', '=', 0)
    .executeTakeFirst();
  if (open) throw new AppError(409, 'discussion.alreadyReported');
  await assertActionQuota(db, user, 'reports');
  const now = nowIso();
  await db.kysely
    .insertInto('discussion_report')
    .values({
      did: row.id,
      reporter: user.username,
      uid: user.uid,
      content: body.content.trim(),
      status: 0,
      gmt_create: now,
      gmt_modified: now,
    })
    .execute();
}
