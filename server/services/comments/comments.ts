import type { CommentList, CommentVO, ReplyVO } from '../../../shared/api/comment-types';
import {
  COMMENT_LIMITS,
  type CommentCreateParams,
  type CommentDeleteParams,
  type CommentLikeParams,
  type CommentListParams,
} from '../../../shared/schemas/comments';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { hasPermission, isAdminUser, isContestAdmin } from '../authz';
import { nowIso } from '../clock';
import { recountDiscussionComments } from '../discussions/access';
import { forbidden, notFound } from '../errors';
import { withGroupViewer } from '../groups/contests-access';
import { moderatesGroupDiscussion } from '../groups/discussion-access';
import { unreadChanged } from '../live/signals';
import { pageRequest, toPage } from '../paging';
import { assertMayPostNow } from './post-rate';
import { remindComment, remindLike } from './reminders';
import { authorVisible, type CommentScope, scopeOf, scopeOfComment, visibleAuthors } from './scope';
import { authorOf, commentRoleOf, selectComments, selectReplies, toCommentVO, toReplyVO } from './vo';

/**
 * Comments of a contest or a discussion (HOJ's /api/comments, /api/comment). Ordered most liked first, then
 * newest. While a contest runs, its non-admins see only their own, root's and the contest author's
 * comments (and replies). Likes: one per user and comment, counted in like_num.
 */

/** Posting comments and replies: HOJ's comment_add / reply_add (muted roles 1005 and 1007 lack them). */
export function assertMayPost(user: CurrentUser, permission: 'comment_add' | 'reply_add'): void {
  if (!hasPermission(user, permission)) throw forbidden('comments.muted');
}

/** A stored comment, or 404. */
export async function loadComment(db: Db, id: number) {
  const row = await db.kysely.selectFrom('comment').selectAll().where('id', '=', id).executeTakeFirst();
  if (row?.status !== 0) throw notFound('comments.commentNotFound');
  return row;
}

/** A comment the caller may see in its scope, with that scope (404 when hidden from the caller). */
export async function loadVisibleComment(db: Db, user: CurrentUser | null, id: number) {
  const comment = await loadComment(db, id);
  const scope = await scopeOfComment(db, user, comment);
  if (!(await authorVisible(db, scope, comment.from_uid))) throw notFound('comments.commentNotFound');
  return { comment, scope };
}

/** The replies of comments the caller may see, newest first; `limit` per comment when given. */
export async function repliesOf(
  db: Db,
  scope: CommentScope,
  commentIds: number[],
  limit?: number,
): Promise<{ replies: Map<number, ReplyVO[]>; totals: Map<number, number> }> {
  const replies = new Map<number, ReplyVO[]>();
  const totals = new Map<number, number>();
  if (commentIds.length === 0) return { replies, totals };
  const filter = visibleAuthors(scope, 'r.from_uid');
  let counts = db.kysely
    .selectFrom('reply as r')
    .select((eb) => ['r.comment_id', eb.fn.countAll<number>().as('n')])
    .where('r.comment_id', 'in', commentIds)
    .where('r.status', '=', 0);
  if (filter) counts = counts.where(filter);
  for (const row of await counts.groupBy('r.comment_id').execute()) totals.set(row.comment_id, Number(row.n));
  await Promise.all(
    commentIds.map(async (id) => {
      if (!totals.get(id)) {
        replies.set(id, []);
        return;
      }
      let q = selectReplies(db).where('r.comment_id', '=', id).where('r.status', '=', 0);
      if (filter) q = q.where(filter);
      q = q.orderBy('r.gmt_create', 'desc').orderBy('r.id', 'desc');
      if (limit) q = q.limit(limit);
      replies.set(id, (await q.execute()).map(toReplyVO));
    }),
  );
  return { replies, totals };
}

/** GET /api/comments: a page of comments with their newest 3 replies, and which ones the caller likes. */
export async function listComments(
  db: Db,
  user: CurrentUser | null,
  query: CommentListParams,
): Promise<CommentList> {
  const scope = await scopeOf(db, user, query);
  const req = pageRequest(query.currentPage, query.limit, COMMENT_LIMITS.pageSize);
  let base = db.kysely.selectFrom('comment as c').where('c.status', '=', 0);
  base = scope.cid ? base.where('c.cid', '=', scope.cid) : base.where('c.did', '=', scope.did);
  const filter = visibleAuthors(scope, 'c.from_uid');
  if (filter) base = base.where(filter);
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  let rowsQuery = selectComments(db).where('c.status', '=', 0);
  rowsQuery = scope.cid ? rowsQuery.where('c.cid', '=', scope.cid) : rowsQuery.where('c.did', '=', scope.did);
  if (filter) rowsQuery = rowsQuery.where(filter);
  const rows = await rowsQuery
    .orderBy('c.like_num', 'desc')
    .orderBy('c.gmt_create', 'desc')
    .orderBy('c.id', 'desc')
    .limit(req.size)
    .offset(req.offset)
    .execute();
  const ids = rows.map((r) => r.id);
  const { replies, totals } = await repliesOf(db, scope, ids, COMMENT_LIMITS.replyPreview);
  // only the caller's own likes (HOJ lists anyone's, which tells who liked what)
  const commentLikeMap: Record<string, boolean> = {};
  if (user && ids.length > 0) {
    const likes = await db.kysely
      .selectFrom('comment_like')
      .select('cid')
      .where('uid', '=', user.uid)
      .where('cid', 'in', ids)
      .execute();
    for (const like of likes) commentLikeMap[String(like.cid)] = true;
  }
  const records = rows.map((r) => toCommentVO(r, replies.get(r.id) ?? [], totals.get(r.id) ?? 0));
  return { commentList: toPage(records, Number(total?.n ?? 0), req), commentLikeMap };
}

/** POST /api/comment: a logged-in user who may post, in a contest they may read, not too often (post-rate.ts). */
export async function createComment(
  db: Db,
  user: CurrentUser,
  body: CommentCreateParams,
): Promise<CommentVO> {
  assertMayPost(user, 'comment_add');
  const scope = await scopeOf(db, user, body);
  await scope.assertMayPostHere(user);
  await assertMayPostNow(db, user, 'comment');
  const author = await authorOf(db.kysely, user.uid);
  const now = nowIso();
  const inserted = await db.kysely
    .insertInto('comment')
    .values({
      cid: scope.cid,
      did: scope.did,
      content: body.content,
      from_uid: user.uid,
      from_name: author.username,
      from_avatar: author.avatar,
      from_role: commentRoleOf(user),
      like_num: 0,
      status: 0,
      gmt_create: now,
      gmt_modified: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (scope.did) await recountDiscussionComments(db, scope.did);
  await remindComment(db.kysely, scope, {
    senderUid: user.uid,
    commentId: inserted.id,
    content: body.content,
  });
  if (scope.ownerUid) unreadChanged(db, scope.ownerUid);
  const row = await selectComments(db).where('c.id', '=', inserted.id).executeTakeFirstOrThrow();
  return toCommentVO(row, [], 0);
}

/**
 * DELETE /api/comment: its author, or a moderator of its place (the contest's admins: its author and
 * root). Its replies and likes go with it.
 */
export async function deleteComment(db: Db, user: CurrentUser, body: CommentDeleteParams): Promise<void> {
  const comment = await loadComment(db, body.id);
  if (comment.from_uid !== user.uid) {
    const scope = await moderationScope(db, user, comment);
    if (!scope.moderator) throw forbidden('comments.deleteNotAllowed');
  }
  await db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('reply').where('comment_id', '=', comment.id).execute();
    await trx.deleteFrom('comment_like').where('cid', '=', comment.id).execute();
    await trx.deleteFrom('comment').where('id', '=', comment.id).execute();
  });
  if (comment.did) await recountDiscussionComments(db, comment.did);
}

/**
 * Whether the caller moderates the place of a comment, for deleting. Deleting needs no open comment
 * area and no readable contest (an author or admin may always clean up): only the moderator rule.
 */
export async function moderationScope(
  db: Db,
  user: CurrentUser,
  comment: { cid: number | null; did: number | null },
): Promise<{ moderator: boolean }> {
  if (comment.cid) {
    const contest = await db.kysely
      .selectFrom('contest')
      .select(['uid', 'gid'])
      .where('id', '=', comment.cid)
      .executeTakeFirst();
    return { moderator: !!contest && isContestAdmin(user, await withGroupViewer(db, user, contest)) };
  }
  // a group's discussion: the group's admins and the site's root (docs/architecture.md, Groups)
  const inGroup = comment.did ? await moderatesGroupDiscussion(db, user, comment.did) : null;
  if (inGroup !== null) return { moderator: inGroup };
  // outside contests the admin roles moderate (docs/security.md, Roles and permissions)
  return { moderator: isAdminUser(user) };
}

/**
 * GET /api/comment-like: toLike true likes the comment (once: a second like changes nothing), false
 * takes the caller's like back. The first like of a comment by a user reminds its author.
 */
export async function likeComment(
  db: Db,
  user: CurrentUser,
  query: CommentLikeParams,
): Promise<{ liked: boolean; likeNum: number }> {
  const { comment, scope } = await loadVisibleComment(db, user, query.cid);
  await db.kysely.transaction().execute(async (trx) => {
    if (query.toLike) {
      const added = await trx
        .insertInto('comment_like')
        .values({ cid: comment.id, uid: user.uid, gmt_create: nowIso() })
        .onConflict((oc) => oc.columns(['cid', 'uid']).doNothing())
        .executeTakeFirst();
      if (Number(added.numInsertedOrUpdatedRows ?? 0) === 0) return;
      await trx
        .updateTable('comment')
        .set((eb) => ({ like_num: eb('like_num', '+', 1) }))
        .where('id', '=', comment.id)
        .execute();
      await remindLike(trx, scope, {
        senderUid: user.uid,
        recipientUid: comment.from_uid,
        commentId: comment.id,
        content: comment.content,
      });
    } else {
      const removed = await trx
        .deleteFrom('comment_like')
        .where('cid', '=', comment.id)
        .where('uid', '=', user.uid)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) return;
      await trx
        .updateTable('comment')
        .set((eb) => ({ like_num: eb('like_num', '-', 1) }))
        .where('id', '=', comment.id)
        .execute();
    }
  });
  if (query.toLike) unreadChanged(db, comment.from_uid);
  const after = await db.kysely
    .selectFrom('comment')
    .select('like_num')
    .where('id', '=', comment.id)
    .executeTakeFirst();
  return { liked: query.toLike, likeNum: after?.like_num ?? 0 };
}
