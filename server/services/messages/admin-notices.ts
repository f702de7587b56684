import { sql } from 'kysely';
import type { AdminSysNotice, Page } from '../../../shared/api/types';
import { MESSAGE_PAGE_SIZES, type NoticeType } from '../../../shared/constants/messages';
import type {
  NoticeCreateParams,
  NoticeListQuery,
  NoticeUpdateParams,
} from '../../../shared/schemas/messages';
import { bool } from '../../db/booleans';
import type { Db } from '../../db/database';
import { containsText } from '../../db/like';
import type { CurrentUser } from '../auth/users';
import { isRootUser } from '../authz';
import { nowIso } from '../clock';
import { badRequest, forbidden, notFound } from '../errors';
import { unreadChanged } from '../live/signals';
import { pageRequest, toPage } from '../paging';
import { deliverTo } from './notices';

/**
 * Root's system notices (HOJ /api/admin/msg/notice): sent to all users, to the admins, or to one
 * user by username. Only notices an admin sent are listed and edited here; the site's personal
 * notices (admin_id null) are not.
 */
function assertRoot(user: CurrentUser): void {
  if (!isRootUser(user)) throw forbidden();
}

function selectNotices(db: Db) {
  return db.kysely
    .selectFrom('admin_sys_notice as n')
    .leftJoin('user_info as a', 'a.uuid', 'n.admin_id')
    .leftJoin('user_info as r', 'r.uuid', 'n.recipient_id')
    .where('n.admin_id', 'is not', null);
}

type NoticeRow = Awaited<ReturnType<typeof fetchNotices>>[number];

function fetchNotices(base: ReturnType<typeof selectNotices>) {
  return base
    .selectAll('n')
    .select(['a.username as admin_username', 'r.username as recipient_username'])
    .execute();
}

function toVo(row: NoticeRow): AdminSysNotice {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    type: row.type as NoticeType,
    state: bool(row.state),
    adminId: row.admin_id,
    adminUsername: row.admin_username ?? null,
    recipientId: row.recipient_id,
    recipientUsername: row.recipient_username ?? null,
    gmtCreate: row.gmt_create,
    gmtModified: row.gmt_modified,
  };
}

async function getNotice(db: Db, id: number): Promise<AdminSysNotice> {
  const [row] = await fetchNotices(selectNotices(db).where('n.id', '=', id));
  if (!row) throw notFound('messages.noticeNotFound');
  return toVo(row);
}

/** The user a Single notice goes to, by username (any case, as usernames are unique in any case). */
async function recipientUid(db: Db, username: string): Promise<string> {
  const row = await db.kysely
    .selectFrom('user_info')
    .select('uuid')
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
  if (!row) throw notFound('messages.recipientNotFound');
  return row.uuid;
}

export async function listAdminNotices(
  db: Db,
  user: CurrentUser,
  query: NoticeListQuery,
): Promise<Page<AdminSysNotice>> {
  assertRoot(user);
  const req = pageRequest(query.currentPage, query.limit, MESSAGE_PAGE_SIZES.notices);
  let base = selectNotices(db);
  const keyword = query.keyword?.trim();
  if (keyword) {
    base = base.where((eb) => eb.or([containsText('n.title', keyword), containsText('n.content', keyword)]));
  }
  if (query.type) base = base.where('n.type', '=', query.type);
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await fetchNotices(base.orderBy('n.id', 'desc').limit(req.size).offset(req.offset));
  return toPage(rows.map(toVo), Number(total?.n ?? 0), req);
}

/** Sends a notice: a Single notice lands in its recipient's box now, a broadcast when each user next reads. */
export async function createAdminNotice(
  db: Db,
  user: CurrentUser,
  form: NoticeCreateParams,
): Promise<AdminSysNotice> {
  assertRoot(user);
  const recipient = form.type === 'Single' && form.recipient ? await recipientUid(db, form.recipient) : null;
  const now = nowIso();
  const id = await db.kysely.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('admin_sys_notice')
      .values({
        title: form.title,
        content: form.content,
        type: form.type,
        state: 1,
        recipient_id: recipient,
        admin_id: user.uid,
        gmt_create: now,
        gmt_modified: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (recipient) await deliverTo(trx, inserted.id, recipient, 'Sys', now);
    return inserted.id;
  });
  // a broadcast reaches every box when read: everyone's counts may have moved
  unreadChanged(db, recipient);
  return getNotice(db, id);
}

/**
 * Edits a notice. New text shows in every box that holds it. A new type or recipient re-targets
 * it: the old copies are withdrawn and it is delivered afresh (unread) to its new audience.
 */
export async function updateAdminNotice(
  db: Db,
  user: CurrentUser,
  form: NoticeUpdateParams,
): Promise<AdminSysNotice> {
  assertRoot(user);
  const old = await getNotice(db, form.id);
  const type = form.type ?? old.type;
  let recipient: string | null = null;
  if (type === 'Single') {
    recipient = form.recipient ? await recipientUid(db, form.recipient) : old.recipientId;
    if (!recipient) throw badRequest('messages.recipientRequired');
  }
  const retarget = type !== old.type || recipient !== old.recipientId;
  const now = nowIso();
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .updateTable('admin_sys_notice')
      .set({
        ...(form.title !== undefined ? { title: form.title } : {}),
        ...(form.content !== undefined ? { content: form.content } : {}),
        type,
        recipient_id: recipient,
        gmt_modified: now,
      })
      .where('id', '=', form.id)
      .execute();
    if (retarget) {
      await trx.deleteFrom('user_sys_notice').where('sys_notice_id', '=', form.id).execute();
      if (recipient) await deliverTo(trx, form.id, recipient, 'Sys', old.gmtCreate);
    }
  });
  // the old audience lost it and the new one has it unread
  if (retarget) unreadChanged(db, null);
  return getNotice(db, form.id);
}

/** Deletes a notice and withdraws it from every box. */
export async function deleteAdminNotice(db: Db, user: CurrentUser, id: number): Promise<void> {
  assertRoot(user);
  await getNotice(db, id);
  await db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('user_sys_notice').where('sys_notice_id', '=', id).execute();
    await trx.deleteFrom('admin_sys_notice').where('id', '=', id).execute();
  });
  unreadChanged(db, null);
}
