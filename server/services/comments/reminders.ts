import { nowIso } from '../clock';
import type { CommentScope, Queryable } from './scope';

/**
 * Reminders for the message centre (msg_remind, read by services/messages/reminders.ts): a comment
 * on a discussion tells its author (action Discuss, under /message/comment), a reply tells the user
 * it answers (action Reply, listed under /message/reply), a like tells the comment's author (action
 * Like_Discuss, under /message/like). Nobody is reminded of their own doing.
 */
const EXCERPT = 500;

function excerpt(text: string): string {
  const chars = [...text.trim()];
  return chars.length <= EXCERPT ? chars.join('') : `${chars.slice(0, EXCERPT).join('')}…`;
}

/** A new comment where someone owns the place (a discussion's author; HOJ's updateCommentMsg). */
export async function remindComment(
  db: Queryable,
  scope: CommentScope,
  c: { senderUid: string; commentId: number; content: string },
): Promise<void> {
  if (!scope.ownerUid || scope.ownerUid === c.senderUid) return;
  const now = nowIso();
  await db
    .insertInto('msg_remind')
    .values({
      action: 'Discuss',
      source_id: scope.sourceId,
      source_type: scope.sourceType,
      source_content: excerpt(c.content),
      quote_id: c.commentId,
      quote_type: 'Comment',
      url: scope.url,
      recipient_id: scope.ownerUid,
      sender_id: c.senderUid,
      state: 0,
      gmt_create: now,
      gmt_modified: now,
    })
    .execute();
}

export async function remindReply(
  db: Queryable,
  scope: CommentScope,
  r: {
    senderUid: string;
    recipientUid: string;
    content: string;
    quoteId: number;
    quoteType: 'Comment' | 'Reply';
  },
): Promise<void> {
  if (r.senderUid === r.recipientUid) return;
  const now = nowIso();
  await db
    .insertInto('msg_remind')
    .values({
      action: 'Reply',
      source_id: scope.sourceId,
      source_type: scope.sourceType,
      source_content: excerpt(r.content),
      quote_id: r.quoteId,
      quote_type: r.quoteType,
      url: scope.url,
      recipient_id: r.recipientUid,
      sender_id: r.senderUid,
      state: 0,
      gmt_create: now,
      gmt_modified: now,
    })
    .execute();
}

/** A like of a comment; liking the same comment again after taking the like back reminds only once. */
export async function remindLike(
  db: Queryable,
  scope: CommentScope,
  l: { senderUid: string; recipientUid: string; commentId: number; content: string },
): Promise<void> {
  if (l.senderUid === l.recipientUid) return;
  const seen = await db
    .selectFrom('msg_remind')
    .select('id')
    .where('action', '=', 'Like_Discuss')
    .where('recipient_id', '=', l.recipientUid)
    .where('sender_id', '=', l.senderUid)
    .where('quote_type', '=', 'Comment')
    .where('quote_id', '=', l.commentId)
    .executeTakeFirst();
  if (seen) return;
  const now = nowIso();
  await db
    .insertInto('msg_remind')
    .values({
      action: 'Like_Discuss',
      source_id: scope.sourceId,
      source_type: scope.sourceType,
      source_content: excerpt(l.content),
      quote_id: l.commentId,
      quote_type: 'Comment',
      url: scope.url,
      recipient_id: l.recipientUid,
      sender_id: l.senderUid,
      state: 0,
      gmt_create: now,
      gmt_modified: now,
    })
    .execute();
}
