import { type Selectable, sql } from 'kysely';
import type { GroupAnnouncement } from '../../../shared/api/group-types';
import type { Page } from '../../../shared/api/types';
import type {
  GroupAnnouncementCreateParams,
  GroupAnnouncementUpdateParams,
} from '../../../shared/schemas/groups';
import type { Db } from '../../db/database';
import type { AnnouncementTable } from '../../db/schema';
import { AnnouncementStatus, toAnnouncement } from '../announcements/announcements';
import type { CurrentUser } from '../auth/users';
import { nowIso } from '../clock';
import { forbidden, notFound } from '../errors';
import { pageRequest, toPage } from '../paging';
import { requireAdmin, requireMember } from './access';
import { isGroupRoot } from './membership';
import { assertGroupQuota } from './quota';

/**
 * A group's announcements (HOJ's GroupAnnouncementManager): rows of `announcement` with the group's
 * `gid` that no contest claims (a group contest's announcements are the contest's). The site's lists
 * leave every row with a gid out (announcements/announcements.ts).
 */
const PAGE_SIZE = 10;
type Row = Selectable<AnnouncementTable>;

function toGroupAnnouncement(row: Row, gid: number): GroupAnnouncement {
  return { ...toAnnouncement(row), gid };
}

const notContests = sql<boolean>`announcement.id not in (select ca.aid from contest_announcement ca)`;

async function listPage(
  db: Db,
  gid: number,
  query: { currentPage?: number; limit?: number },
  visibleOnly: boolean,
): Promise<Page<GroupAnnouncement>> {
  const req = pageRequest(query.currentPage, query.limit, PAGE_SIZE);
  let base = db.kysely.selectFrom('announcement').where('announcement.gid', '=', gid).where(notContests);
  if (visibleOnly) base = base.where('announcement.status', '=', AnnouncementStatus.VISIBLE);
  const totalRow = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const total = Number(totalRow?.n ?? 0);
  if (total === 0 || req.offset >= total) return toPage([], total, req);
  const rows = await base
    .selectAll('announcement')
    .orderBy('announcement.gmt_create', 'desc')
    .orderBy('announcement.id', 'desc')
    .limit(req.size)
    .offset(req.offset)
    .execute();
  return toPage(
    rows.map((r) => toGroupAnnouncement(r, gid)),
    total,
    req,
  );
}

/** GET /api/group/get-announcement-list: the visible ones, newest first, for members and the site's root. */
export async function listGroupAnnouncements(
  db: Db,
  user: CurrentUser,
  query: { gid: number; currentPage?: number; limit?: number },
): Promise<Page<GroupAnnouncement>> {
  await requireMember(db, user, query.gid);
  return listPage(db, query.gid, query, true);
}

/** GET /api/group/get-admin-announcement-list: every one, hidden ones too, for the group's admins. */
export async function listGroupAdminAnnouncements(
  db: Db,
  user: CurrentUser,
  query: { gid: number; currentPage?: number; limit?: number },
): Promise<Page<GroupAnnouncement>> {
  await requireAdmin(db, user, query.gid);
  return listPage(db, query.gid, query, false);
}

async function loadRow(db: Db, id: number): Promise<Row & { gid: number }> {
  const row = await db.kysely
    .selectFrom('announcement')
    .selectAll()
    .where('id', '=', id)
    .where('gid', 'is not', null)
    .where(notContests)
    .executeTakeFirst();
  if (!row || row.gid === null) throw notFound('group.announcementNotFound');
  return { ...row, gid: row.gid };
}

/** POST /api/group/announcement: a group admin (or the site's root) writes one; they are its author. */
export async function createGroupAnnouncement(
  db: Db,
  user: CurrentUser,
  body: GroupAnnouncementCreateParams,
): Promise<GroupAnnouncement> {
  await requireAdmin(db, user, body.gid);
  await assertGroupQuota(db, user, 'edits');
  const now = nowIso();
  const row = await db.kysely
    .insertInto('announcement')
    .values({
      title: body.title,
      content: body.content,
      uid: user.uid,
      username: user.username,
      status: body.status,
      gid: body.gid,
      gmt_create: now,
      gmt_modified: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toGroupAnnouncement(row, body.gid);
}

/**
 * An announcement is changed or deleted by its author while they are a group admin, by a group root,
 * or by the site's root (HOJ: author, group root or root).
 */
async function loadChangeable(db: Db, user: CurrentUser, id: number) {
  const row = await loadRow(db, id);
  const { standing } = await requireAdmin(db, user, row.gid);
  if (!standing.isSiteRoot && !isGroupRoot(standing) && row.uid !== user.uid)
    throw forbidden('group.announcementNotYours');
  return row;
}

/** PUT /api/group/announcement: the fields sent change; the group is the row's, whatever `gid` is sent. */
export async function updateGroupAnnouncement(
  db: Db,
  user: CurrentUser,
  body: GroupAnnouncementUpdateParams,
): Promise<GroupAnnouncement> {
  const row = await loadChangeable(db, user, body.id);
  await assertGroupQuota(db, user, 'edits');
  const updated = await db.kysely
    .updateTable('announcement')
    .set({
      ...(body.title !== undefined ? { title: body.title } : {}),
      ...(body.content !== undefined ? { content: body.content } : {}),
      ...(body.status !== undefined ? { status: body.status } : {}),
      gmt_modified: nowIso(),
    })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toGroupAnnouncement(updated, row.gid);
}

/** DELETE /api/group/announcement (`aid`). */
export async function deleteGroupAnnouncement(db: Db, user: CurrentUser, aid: number): Promise<void> {
  const row = await loadChangeable(db, user, aid);
  await assertGroupQuota(db, user, 'edits');
  await db.kysely.deleteFrom('announcement').where('id', '=', row.id).execute();
}
