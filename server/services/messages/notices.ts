import type { Kysely } from 'kysely';
import type { Page, SysMsg } from '../../../shared/api/types';
import { MESSAGE_PAGE_SIZES, NOTICE_LIMITS, type NoticeType } from '../../../shared/constants/messages';
import { bool } from '../../db/booleans';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { CurrentUser } from '../auth/users';
import { isAdminUser } from '../authz';
import { nowIso } from '../clock';
import { notFound } from '../errors';
import { unreadChanged } from '../live/signals';
import { pageRequest, toPage } from '../paging';

/**
 * Notices in a user's box (user_sys_notice): Sys for what admins send, Mine for what the site tells
 * the user about their own things. A notice's text lives once in admin_sys_notice.
 *
 * Delivery: a Single or personal notice gets its box row when sent. A broadcast (All, or Admin for
 * the admins) writes nothing per user when sent: each user's missing rows are added when they next
 * read (their unread counts or their notice list), for broadcasts sent since they registered. A
 * cleaned broadcast keeps its row with deleted = 1, so it is not delivered again.
 */
export type BoxType = 'Sys' | 'Mine';

/** The broadcast types a user receives. */
function broadcastTypesFor(user: CurrentUser): NoticeType[] {
  return isAdminUser(user) ? ['All', 'Admin'] : ['All'];
}

/** The broadcasts sent to the user since they registered that are not in their box yet. */
function missingBroadcasts(db: Db, user: CurrentUser) {
  return db.kysely
    .selectFrom('admin_sys_notice as n')
    .where('n.type', 'in', broadcastTypesFor(user))
    .where('n.gmt_create', '>=', (s) =>
      s.selectFrom('user_info').select('user_info.gmt_create').where('user_info.uuid', '=', user.uid),
    )
    .where((s) =>
      s.not(
        s.exists(
          s
            .selectFrom('user_sys_notice as u')
            .select('u.id')
            .whereRef('u.sys_notice_id', '=', 'n.id')
            .where('u.recipient_id', '=', user.uid),
        ),
      ),
    );
}

/** Adds the caller's box rows for broadcasts sent since they registered that they do not have yet. */
export async function deliverBroadcasts(db: Db, user: CurrentUser): Promise<void> {
  // most polls find nothing to deliver: a read, so they take no write lock
  const any = await missingBroadcasts(db, user).select('n.id').limit(1).executeTakeFirst();
  if (!any) return;
  const now = nowIso();
  await db.kysely
    .insertInto('user_sys_notice')
    // state and deleted take their defaults (0): typed parameters in a SELECT list trip PostgreSQL
    .columns(['sys_notice_id', 'recipient_id', 'type', 'gmt_create', 'gmt_modified'])
    .expression(
      missingBroadcasts(db, user).select((s) => [
        'n.id',
        s.val(user.uid).as('recipient_id'),
        s.val('Sys').as('type'),
        'n.gmt_create',
        s.val(now).as('gmt_modified'),
      ]),
    )
    // two reads at once may both find a notice missing: the unique (recipient, notice) keeps one copy
    .onConflict((oc) => oc.columns(['recipient_id', 'sys_notice_id']).doNothing())
    .execute();
}

/** Unread notices per box type (after delivering the caller's broadcasts). */
export async function unreadNotices(db: Db, user: CurrentUser): Promise<Record<'sys' | 'mine', number>> {
  await deliverBroadcasts(db, user);
  const rows = await db.kysely
    .selectFrom('user_sys_notice')
    .select((eb) => ['type', eb.fn.countAll<number>().as('n')])
    .where('recipient_id', '=', user.uid)
    .where('state', '=', 0)
    .where('deleted', '=', 0)
    .groupBy('type')
    .execute();
  const counts = { sys: 0, mine: 0 };
  for (const row of rows) {
    if (row.type === 'Sys') counts.sys += Number(row.n);
    if (row.type === 'Mine') counts.mine += Number(row.n);
  }
  return counts;
}

/**
 * One page of the caller's notices of a box type, newest first. The page is then marked read;
 * `state` in the answer is what it was before.
 */
export async function listNotices(
  db: Db,
  user: CurrentUser,
  type: BoxType,
  query: { currentPage?: number; limit?: number },
): Promise<Page<SysMsg>> {
  if (type === 'Sys') await deliverBroadcasts(db, user);
  const req = pageRequest(query.currentPage, query.limit, MESSAGE_PAGE_SIZES.messages);
  const base = db.kysely
    .selectFrom('user_sys_notice as u')
    .innerJoin('admin_sys_notice as n', 'n.id', 'u.sys_notice_id')
    .where('u.recipient_id', '=', user.uid)
    .where('u.type', '=', type)
    .where('u.deleted', '=', 0);
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await base
    .select(['u.id', 'u.sys_notice_id', 'u.type', 'u.state', 'u.gmt_create', 'n.title', 'n.content'])
    .orderBy('u.gmt_create', 'desc')
    .orderBy('u.id', 'desc')
    .limit(req.size)
    .offset(req.offset)
    .execute();
  const unread = rows.filter((r) => r.state === 0).map((r) => r.id);
  if (unread.length > 0) {
    await db.kysely
      .updateTable('user_sys_notice')
      .set({ state: 1, gmt_modified: nowIso() })
      .where('recipient_id', '=', user.uid)
      .where('id', 'in', unread)
      .execute();
  }
  const records: SysMsg[] = rows.map((r) => ({
    id: r.id,
    sysNoticeId: r.sys_notice_id,
    title: r.title,
    content: r.content,
    type: r.type === 'Mine' ? 'Mine' : 'Sys',
    state: bool(r.state),
    gmtCreate: r.gmt_create,
  }));
  return toPage(records, Number(total?.n ?? 0), req);
}

/**
 * Removes one notice from the caller's box (404 when the caller has no such notice) or all of a
 * box type. The rows stay as deleted, so a broadcast is not delivered again.
 */
export async function cleanNotices(db: Db, user: CurrentUser, type: BoxType, id?: number): Promise<void> {
  // cleaning all also covers broadcasts not yet delivered: they were in the box the user saw
  if (type === 'Sys' && id === undefined) await deliverBroadcasts(db, user);
  let query = db.kysely
    .updateTable('user_sys_notice')
    .set({ deleted: 1, state: 1, gmt_modified: nowIso() })
    .where('recipient_id', '=', user.uid)
    .where('type', '=', type)
    .where('deleted', '=', 0);
  if (id !== undefined) query = query.where('id', '=', id);
  const res = await query.executeTakeFirst();
  if (id !== undefined && Number(res.numUpdatedRows) === 0) throw notFound('messages.messageNotFound');
}

/** Puts a notice into one user's box (unread). */
export async function deliverTo(
  executor: Kysely<Database>,
  noticeId: number,
  recipientUid: string,
  type: BoxType,
  sentAt: string,
): Promise<void> {
  await executor
    .insertInto('user_sys_notice')
    .values({
      sys_notice_id: noticeId,
      recipient_id: recipientUid,
      type,
      state: 0,
      deleted: 0,
      gmt_create: sentAt,
      gmt_modified: sentAt,
    })
    .execute();
}

/**
 * Sends the site's own notice about a user's own things (a group application answered, a report
 * handled ...) to that user: it shows under "mine" in their message centre. Content is Markdown.
 * Returns the notice id.
 */
export async function sendPersonalNotice(
  db: Db,
  notice: { recipientUid: string; title: string; content: string },
): Promise<number> {
  const recipient = await db.kysely
    .selectFrom('user_info')
    .select('uuid')
    .where('uuid', '=', notice.recipientUid)
    .executeTakeFirst();
  if (!recipient) throw notFound('messages.recipientNotFound');
  const now = nowIso();
  const id = await db.kysely.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('admin_sys_notice')
      .values({
        title: notice.title.slice(0, NOTICE_LIMITS.titleMaxLength),
        content: notice.content,
        type: 'Single',
        state: 1,
        recipient_id: notice.recipientUid,
        admin_id: null,
        gmt_create: now,
        gmt_modified: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await deliverTo(trx, inserted.id, notice.recipientUid, 'Mine', now);
    return inserted.id;
  });
  unreadChanged(db, notice.recipientUid);
  return id;
}
