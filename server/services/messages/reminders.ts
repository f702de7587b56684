import type { Page, UserMsg } from '../../../shared/api/types';
import { MESSAGE_PAGE_SIZES, REMINDER_ACTIONS } from '../../../shared/constants/messages';
import { bool } from '../../db/booleans';
import type { Db } from '../../db/database';
import { nowIso } from '../clock';
import { notFound } from '../errors';
import { pageRequest, toPage } from '../paging';

/**
 * Comment, reply and like reminders (msg_remind) of one recipient. Comments write them
 * (services/comments/reminders.ts), discussions their likes (services/discussions/reminders.ts).
 */
export type ReminderKind = keyof typeof REMINDER_ACTIONS;

const actionsOf = (kind: ReminderKind): string[] => [...REMINDER_ACTIONS[kind]];

/** The kind an action is counted under (Like_Post and Like_Discuss are both likes). */
export function reminderKindOf(action: string): ReminderKind | null {
  for (const kind of Object.keys(REMINDER_ACTIONS) as ReminderKind[]) {
    if ((REMINDER_ACTIONS[kind] as readonly string[]).includes(action)) return kind;
  }
  return null;
}

/** Unread reminders per kind. */
export async function unreadReminders(db: Db, uid: string): Promise<Record<ReminderKind, number>> {
  const rows = await db.kysely
    .selectFrom('msg_remind')
    .select((eb) => ['action', eb.fn.countAll<number>().as('n')])
    .where('recipient_id', '=', uid)
    .where('state', '=', 0)
    .groupBy('action')
    .execute();
  const counts: Record<ReminderKind, number> = { comment: 0, reply: 0, like: 0 };
  for (const row of rows) {
    const kind = reminderKindOf(row.action);
    if (kind) counts[kind] += Number(row.n);
  }
  return counts;
}

/**
 * One page of the caller's reminders of a kind, newest first, with the sender's name and avatar.
 * The page is then marked read; `state` in the answer is what it was before, so a client can
 * still tell which ones are new.
 */
export async function listReminders(
  db: Db,
  uid: string,
  kind: ReminderKind,
  query: { currentPage?: number; limit?: number },
): Promise<Page<UserMsg>> {
  const req = pageRequest(query.currentPage, query.limit, MESSAGE_PAGE_SIZES.messages);
  const base = db.kysely
    .selectFrom('msg_remind as m')
    .where('m.recipient_id', '=', uid)
    .where('m.action', 'in', actionsOf(kind));
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await base
    .leftJoin('user_info as s', 's.uuid', 'm.sender_id')
    .selectAll('m')
    .select(['s.username as sender_username', 's.avatar as sender_avatar'])
    .orderBy('m.id', 'desc')
    .limit(req.size)
    .offset(req.offset)
    .execute();
  const unread = rows.filter((r) => r.state === 0).map((r) => r.id);
  if (unread.length > 0) {
    await db.kysely
      .updateTable('msg_remind')
      .set({ state: 1, gmt_modified: nowIso() })
      .where('recipient_id', '=', uid)
      .where('id', 'in', unread)
      .execute();
  }
  const records: UserMsg[] = rows.map((r) => ({
    id: r.id,
    action: r.action,
    sourceId: r.source_id,
    sourceType: r.source_type,
    sourceContent: r.source_content,
    quoteId: r.quote_id,
    quoteType: r.quote_type,
    url: r.url,
    state: bool(r.state),
    senderId: r.sender_id,
    senderUsername: r.sender_username ?? null,
    senderAvatar: r.sender_avatar ?? null,
    gmtCreate: r.gmt_create,
  }));
  return toPage(records, Number(total?.n ?? 0), req);
}

/** Deletes one reminder of the caller (404 when the caller has no such reminder) or all of a kind. */
export async function cleanReminders(db: Db, uid: string, kind: ReminderKind, id?: number): Promise<void> {
  let query = db.kysely
    .deleteFrom('msg_remind')
    .where('recipient_id', '=', uid)
    .where('action', 'in', actionsOf(kind));
  if (id !== undefined) query = query.where('id', '=', id);
  const res = await query.executeTakeFirst();
  if (id !== undefined && Number(res.numDeletedRows) === 0) throw notFound('messages.messageNotFound');
}
