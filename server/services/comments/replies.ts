import type { ReplyVO } from '../../../shared/api/comment-types';
import type { ReplyCreateParams, ReplyDeleteParams, ReplyListParams } from '../../../shared/schemas/comments';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { nowIso } from '../clock';
import { recountDiscussionComments } from '../discussions/access';
import { forbidden, notFound } from '../errors';
import { unreadChanged } from '../live/signals';
import { assertMayPost, loadComment, loadVisibleComment, moderationScope, repliesOf } from './comments';
import { assertMayPostNow } from './post-rate';
import { remindReply } from './reminders';
import { authorVisible } from './scope';
import { authorOf, commentRoleOf, selectReplies, toReplyVO } from './vo';

/**
 * Replies to comments (HOJ's /api/reply). A reply answers the comment or one of
 * its replies (quoteType Comment | Reply); the user it answers (to*) is that one's author, whatever
 * the client says, and gets a reminder. While a contest runs, its non-admins reply only to their own
 * comments.
 */

/** GET /api/reply: every reply of a comment the caller may see, newest first. */
export async function listReplies(
  db: Db,
  user: CurrentUser | null,
  query: ReplyListParams,
): Promise<ReplyVO[]> {
  const { comment, scope } = await loadVisibleComment(db, user, query.commentId);
  const { replies } = await repliesOf(db, scope, [comment.id]);
  return replies.get(comment.id) ?? [];
}

/** POST /api/reply: not too often (post-rate.ts). */
export async function createReply(db: Db, user: CurrentUser, body: ReplyCreateParams): Promise<ReplyVO> {
  assertMayPost(user, 'reply_add');
  const { comment, scope } = await loadVisibleComment(db, user, body.reply.commentId);
  if (scope.restrictedTo && comment.from_uid !== user.uid) throw forbidden('comments.replyOwnOnly');
  await scope.assertMayPostHere(user);

  let to = { uid: comment.from_uid, quoteId: comment.id, quoteType: 'Comment' as 'Comment' | 'Reply' };
  if (body.quoteType === 'Reply' && body.quoteId) {
    const quoted = await db.kysely
      .selectFrom('reply')
      .select(['id', 'from_uid', 'comment_id', 'status'])
      .where('id', '=', body.quoteId)
      .executeTakeFirst();
    if (!quoted || quoted.comment_id !== comment.id || quoted.status !== 0)
      throw notFound('comments.replyNotFound');
    if (!(await authorVisible(db, scope, quoted.from_uid))) throw notFound('comments.replyNotFound');
    to = { uid: quoted.from_uid, quoteId: quoted.id, quoteType: 'Reply' };
  }
  await assertMayPostNow(db, user, 'reply');
  const [author, target] = await Promise.all([authorOf(db.kysely, user.uid), authorOf(db.kysely, to.uid)]);
  const now = nowIso();
  const id = await db.kysely.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('reply')
      .values({
        comment_id: comment.id,
        from_uid: user.uid,
        from_name: author.username,
        from_avatar: author.avatar,
        from_role: commentRoleOf(user),
        to_uid: target.uuid,
        to_name: target.username,
        to_avatar: target.avatar,
        content: body.reply.content,
        status: 0,
        gmt_create: now,
        gmt_modified: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await remindReply(trx, scope, {
      senderUid: user.uid,
      recipientUid: target.uuid,
      content: body.reply.content,
      quoteId: to.quoteId,
      quoteType: to.quoteType,
    });
    return inserted.id;
  });
  unreadChanged(db, target.uuid);
  if (scope.did) await recountDiscussionComments(db, scope.did);
  return toReplyVO(await selectReplies(db).where('r.id', '=', id).executeTakeFirstOrThrow());
}

/** DELETE /api/reply: its author, or a moderator of its comment's place. */
export async function deleteReply(db: Db, user: CurrentUser, body: ReplyDeleteParams): Promise<void> {
  const reply = await db.kysely
    .selectFrom('reply')
    .select(['id', 'comment_id', 'from_uid'])
    .where('id', '=', body.reply.id)
    .executeTakeFirst();
  if (!reply) throw notFound('comments.replyNotFound');
  const comment = await loadComment(db, reply.comment_id);
  if (reply.from_uid !== user.uid) {
    const { moderator } = await moderationScope(db, user, comment);
    if (!moderator) throw forbidden('comments.deleteNotAllowed');
  }
  await db.kysely.deleteFrom('reply').where('id', '=', reply.id).execute();
  if (comment.did) await recountDiscussionComments(db, comment.did);
}
