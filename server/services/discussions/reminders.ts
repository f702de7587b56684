import type { Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { nowIso } from '../clock';

/** Either database handle (a transaction or the pool). */
type Queryable = Db['kysely'] | Transaction<Database>;

/** Where a discussion is read on the site (HOJ's url of its reminders). */
export const discussionUrl = (did: number) => `/discussion-detail/${did}`;

/**
 * HOJ's Like_Post reminder (message centre, likes): the author hears of a like of their discussion,
 * once per liker and discussion, so taking a like back and giving it again does not remind twice.
 * Nobody is reminded of their own like.
 */
export async function remindPostLike(
  db: Queryable,
  l: { senderUid: string; recipientUid: string; did: number; title: string },
): Promise<void> {
  if (l.senderUid === l.recipientUid) return;
  const seen = await db
    .selectFrom('msg_remind')
    .select('id')
    .where('action', '=', 'Like_Post')
    .where('recipient_id', '=', l.recipientUid)
    .where('sender_id', '=', l.senderUid)
    .where('source_type', '=', 'Discussion')
    .where('source_id', '=', l.did)
    .executeTakeFirst();
  if (seen) return;
  const now = nowIso();
  await db
    .insertInto('msg_remind')
    .values({
      action: 'Like_Post',
      source_id: l.did,
      source_type: 'Discussion',
      source_content: l.title,
      quote_id: null,
      quote_type: null,
      url: discussionUrl(l.did),
      recipient_id: l.recipientUid,
      sender_id: l.senderUid,
      state: 0,
      gmt_create: now,
      gmt_modified: now,
    })
    .execute();
}
