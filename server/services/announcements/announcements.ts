import type { ExpressionBuilder, Selectable } from 'kysely';
import type { Announcement, Page } from '../../../shared/api/types';
import type { AnnouncementCreateParams, AnnouncementUpdateParams } from '../../../shared/schemas/api';
import type { Db } from '../../db/database';
import type { AnnouncementTable, Database } from '../../db/schema';
import type { CurrentUser } from '../auth/users';
import { canAdminAnnouncements } from '../authz';
import { nowIso } from '../clock';
import { forbidden, notFound } from '../errors';
import { markdownHtml } from '../markdown/render-cache';
import { pageRequest, toPage } from '../paging';

/** Announcements are paged by 5 (HOJ's default is 10). */
export const ANNOUNCEMENT_PAGE_SIZE = 5;
export const AnnouncementStatus = { VISIBLE: 0, HIDDEN: 1 } as const;

/** The columns an announcement shows (a group's `gid` is not one of them). */
type Row = Omit<Selectable<AnnouncementTable>, 'gid'>;

/**
 * Site announcements only: a row linked to a contest (contest_announcement, migration 013) is that
 * contest's, and a row with a `gid` is that group's.
 */
const siteOnly = (eb: ExpressionBuilder<Database, 'announcement'>) =>
  eb.and([
    eb('announcement.gid', 'is', null),
    eb.not(
      eb.exists(
        eb
          .selectFrom('contest_announcement')
          .select('contest_announcement.id')
          .whereRef('contest_announcement.aid', '=', 'announcement.id'),
      ),
    ),
  ]);

/**
 * An announcement row as clients read it (site and contest announcements alike), with its Markdown
 * rendered here as statements are, so pages showing it need not load a Markdown renderer.
 */
export function toAnnouncement(row: Row): Announcement {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    contentHtml: markdownHtml(row.content),
    uid: row.uid,
    username: row.username,
    status: row.status,
    gmtCreate: row.gmt_create,
    gmtModified: row.gmt_modified,
  };
}

async function listPage(
  db: Db,
  query: { currentPage?: number; limit?: number },
  visibleOnly: boolean,
): Promise<Page<Announcement>> {
  const req = pageRequest(query.currentPage, query.limit, ANNOUNCEMENT_PAGE_SIZE);
  let base = db.kysely.selectFrom('announcement').where(siteOnly);
  if (visibleOnly) base = base.where('status', '=', AnnouncementStatus.VISIBLE);
  const total = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
  const rows = await base.selectAll().orderBy('id', 'desc').limit(req.size).offset(req.offset).execute();
  return toPage(rows.map(toAnnouncement), Number(total?.n ?? 0), req);
}

/** GET /api/get-common-announcement: visible announcements, newest first. */
export function listPublicAnnouncements(db: Db, query: { currentPage?: number; limit?: number }) {
  return listPage(db, query, true);
}

function assertCanAdmin(user: CurrentUser): void {
  if (!canAdminAnnouncements(user)) throw forbidden();
}

export async function listAdminAnnouncements(
  db: Db,
  user: CurrentUser,
  query: { currentPage?: number; limit?: number },
): Promise<Page<Announcement>> {
  assertCanAdmin(user);
  return listPage(db, query, false);
}

async function getRow(db: Db, id: number): Promise<Row> {
  const row = await db.kysely
    .selectFrom('announcement')
    .selectAll()
    .where('id', '=', id)
    .where(siteOnly)
    .executeTakeFirst();
  if (!row) throw notFound('site.announcementNotFound');
  return row;
}

export async function insertAnnouncement(
  db: Db,
  author: { uid: string; username: string },
  form: AnnouncementCreateParams,
): Promise<Announcement> {
  const now = nowIso();
  const inserted = await db.kysely
    .insertInto('announcement')
    .values({
      title: form.title,
      content: form.content,
      uid: author.uid,
      username: author.username,
      status: form.status,
      gmt_create: now,
      gmt_modified: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return toAnnouncement(await getRow(db, inserted.id));
}

export async function createAnnouncement(
  db: Db,
  user: CurrentUser,
  form: AnnouncementCreateParams,
): Promise<Announcement> {
  assertCanAdmin(user);
  return insertAnnouncement(db, user, form);
}

export async function updateAnnouncement(
  db: Db,
  user: CurrentUser,
  form: AnnouncementUpdateParams,
): Promise<Announcement> {
  assertCanAdmin(user);
  await getRow(db, form.id);
  await db.kysely
    .updateTable('announcement')
    .set({
      ...(form.title !== undefined ? { title: form.title } : {}),
      ...(form.content !== undefined ? { content: form.content } : {}),
      ...(form.status !== undefined ? { status: form.status } : {}),
      gmt_modified: nowIso(),
    })
    .where('id', '=', form.id)
    .execute();
  return toAnnouncement(await getRow(db, form.id));
}

export async function deleteAnnouncement(db: Db, user: CurrentUser, id: number): Promise<void> {
  assertCanAdmin(user);
  const res = await db.kysely
    .deleteFrom('announcement')
    .where('id', '=', id)
    .where(siteOnly)
    .executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) throw notFound('site.announcementNotFound');
}
