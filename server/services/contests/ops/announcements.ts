import type { ContestAnnouncement } from '../../../../shared/api/contest-ops-types';
import type { Page } from '../../../../shared/api/types';
import {
  CONTEST_OPS_PAGE_SIZES,
  type ContestAnnouncementCreateParams,
  type ContestAnnouncementListParams,
  type ContestAnnouncementUpdateParams,
  type NotReadAnnouncementParams,
} from '../../../../shared/schemas/contest-ops';
import type { Db } from '../../../db/database';
import { AnnouncementStatus, toAnnouncement } from '../../announcements/announcements';
import type { CurrentUser } from '../../auth/users';
import { nowIso } from '../../clock';
import { notFound } from '../../errors';
import { tellLive } from '../../live/signals';
import { pageRequest, toPage } from '../../paging';
import { loadReadableContest } from '../access';
import { assertContestAdminArea, type ContestAdminScope, loadAdministeredContest } from '../admin-contests';

/**
 * A contest's announcements (HOJ contest_announcement): rows of the `announcement` table linked to
 * one contest. Participants see the visible ones (status 0); the contest's admins manage them all.
 */

function base(db: Db, cid: number) {
  return db.kysely
    .selectFrom('announcement')
    .innerJoin('contest_announcement', 'contest_announcement.aid', 'announcement.id')
    .where('contest_announcement.cid', '=', cid);
}

const COLUMNS = [
  'announcement.id',
  'announcement.title',
  'announcement.content',
  'announcement.uid',
  'announcement.username',
  'announcement.status',
  'announcement.gmt_create',
  'announcement.gmt_modified',
  'contest_announcement.cid',
] as const;

type Row = {
  id: number;
  title: string;
  content: string;
  uid: string;
  username: string;
  status: number;
  gmt_create: string;
  gmt_modified: string;
  cid: number;
};

function toVo(row: Row): ContestAnnouncement {
  return { ...toAnnouncement(row), cid: row.cid };
}

async function page(
  db: Db,
  cid: number,
  query: { currentPage?: number; limit?: number },
  visibleOnly: boolean,
): Promise<Page<ContestAnnouncement>> {
  const req = pageRequest(query.currentPage, query.limit, CONTEST_OPS_PAGE_SIZES.announcements);
  let q = base(db, cid);
  if (visibleOnly) q = q.where('announcement.status', '=', AnnouncementStatus.VISIBLE);
  const total = await q.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
  const rows = await q
    .select(COLUMNS)
    .orderBy('announcement.id', 'desc')
    .limit(req.size)
    .offset(req.offset)
    .execute();
  return toPage(rows.map(toVo), Number(total?.n ?? 0), req);
}

/** GET /api/get-contest-announcement: the visible announcements of a contest the caller may read, newest first. */
export async function listContestAnnouncements(
  db: Db,
  user: CurrentUser,
  query: ContestAnnouncementListParams,
): Promise<Page<ContestAnnouncement>> {
  const contest = await loadReadableContest(db, user, query.cid);
  return page(db, contest.id, query, true);
}

/**
 * POST /api/get-contest-not-read-announcement: the visible announcements the client has not shown
 * yet, newest first. A contest has a handful, so the filter runs here rather than in SQL.
 */
export async function listNotReadAnnouncements(
  db: Db,
  user: CurrentUser,
  body: NotReadAnnouncementParams,
): Promise<ContestAnnouncement[]> {
  const contest = await loadReadableContest(db, user, body.cid);
  const read = new Set(body.readAnnouncementList);
  const rows = await base(db, contest.id)
    .where('announcement.status', '=', AnnouncementStatus.VISIBLE)
    .select(COLUMNS)
    .orderBy('announcement.id', 'desc')
    .execute();
  return rows.filter((r) => !read.has(r.id)).map(toVo);
}

/** GET /api/admin/contest/announcement: every announcement of the contest, hidden ones too. */
export async function listAdminContestAnnouncements(
  db: Db,
  user: CurrentUser,
  query: ContestAnnouncementListParams,
  scope: ContestAdminScope = 'console',
): Promise<Page<ContestAnnouncement>> {
  const contest = await loadAdministeredContest(db, user, query.cid, scope);
  return page(db, contest.id, query, false);
}

async function getOne(db: Db, cid: number, aid: number): Promise<ContestAnnouncement> {
  const row = await base(db, cid).where('announcement.id', '=', aid).select(COLUMNS).executeTakeFirst();
  if (!row) throw notFound('contestOps.announcementNotFound');
  return toVo(row);
}

/** POST /api/admin/contest/announcement: the announcement and its link to the contest, together. */
export async function createContestAnnouncement(
  db: Db,
  user: CurrentUser,
  body: ContestAnnouncementCreateParams,
  scope: ContestAdminScope = 'console',
): Promise<ContestAnnouncement> {
  const contest = await loadAdministeredContest(db, user, body.cid, scope);
  const now = nowIso();
  const aid = await db.kysely.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('announcement')
      .values({
        title: body.announcement.title,
        content: body.announcement.content,
        uid: user.uid,
        username: user.username,
        status: body.announcement.status,
        gmt_create: now,
        gmt_modified: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('contest_announcement')
      .values({ aid: inserted.id, cid: contest.id, gmt_create: now })
      .execute();
    return inserted.id;
  });
  tellLive(db, { t: 'ann', cid: contest.id, id: aid });
  return getOne(db, contest.id, aid);
}

/** PUT /api/admin/contest/announcement: only an announcement of that contest. */
export async function updateContestAnnouncement(
  db: Db,
  user: CurrentUser,
  body: ContestAnnouncementUpdateParams,
  scope: ContestAdminScope = 'console',
): Promise<ContestAnnouncement> {
  const contest = await loadAdministeredContest(db, user, body.cid, scope);
  const { id, title, content, status } = body.announcement;
  await getOne(db, contest.id, id);
  await db.kysely
    .updateTable('announcement')
    .set({
      ...(title !== undefined ? { title } : {}),
      ...(content !== undefined ? { content } : {}),
      ...(status !== undefined ? { status } : {}),
      gmt_modified: nowIso(),
    })
    .where('id', '=', id)
    .execute();
  tellLive(db, { t: 'ann', cid: contest.id, id });
  return getOne(db, contest.id, id);
}

/**
 * DELETE /api/admin/contest/announcement: by the admins of the announcement's own contest. A cid
 * that names another contest finds nothing.
 */
export async function deleteContestAnnouncement(
  db: Db,
  user: CurrentUser,
  query: { aid: number; cid?: number },
  scope: ContestAdminScope = 'console',
): Promise<void> {
  if (scope === 'console') assertContestAdminArea(user);
  const link = await db.kysely
    .selectFrom('contest_announcement')
    .select(['cid', 'aid'])
    .where('aid', '=', query.aid)
    .executeTakeFirst();
  if (!link || (query.cid !== undefined && query.cid !== link.cid)) {
    throw notFound('contestOps.announcementNotFound');
  }
  await loadAdministeredContest(db, user, link.cid, scope);
  await db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('contest_announcement').where('aid', '=', link.aid).execute();
    await trx.deleteFrom('announcement').where('id', '=', link.aid).execute();
  });
}
