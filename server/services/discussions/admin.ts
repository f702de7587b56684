import type { DiscussionItem, DiscussionReport } from '../../../shared/api/discussion-types';
import type { Page } from '../../../shared/api/types';
import { DISCUSSION_LIMITS } from '../../../shared/constants/discussions';
import type { AdminDiscussionUpdateParams } from '../../../shared/schemas/discussions';
import { bit, bool } from '../../db/booleans';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { isAdminUser } from '../authz';
import { nowIso } from '../clock';
import { forbidden, notFound } from '../errors';
import { pageRequest, toPage } from '../paging';
import { loadDiscussion } from './access';
import { toDiscussionItem } from './vo';
import { removeDiscussions } from './write';

/**
 * The console's discussion calls (HOJ's AdminDiscussionController: roles root, admin and problem
 * admin): block or show and pin any discussion, delete many at once, read the reports and mark
 * them handled. Not gated by the public area switch, so admins can clean up a closed area.
 */
function assertAdmin(user: CurrentUser): void {
  if (!isAdminUser(user)) throw forbidden();
}

/** PUT /api/admin/discussion: status (0 visible, 1 blocked, 2 under review) and the pin. */
export async function adminUpdateDiscussion(
  db: Db,
  user: CurrentUser,
  body: AdminDiscussionUpdateParams,
): Promise<DiscussionItem> {
  assertAdmin(user);
  const row = await loadDiscussion(db, body.id);
  const set = {
    ...(body.status !== undefined ? { status: body.status } : {}),
    ...(body.topPriority !== undefined ? { top_priority: bit(bool(body.topPriority)) } : {}),
  };
  if (Object.keys(set).length === 0) return toDiscussionItem(row, true);
  const updated = await db.kysely
    .updateTable('discussion')
    .set({ ...set, gmt_modified: nowIso() })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toDiscussionItem(updated, true);
}

/** DELETE /api/admin/discussion: the listed ids (HOJ sends a bare array); 404 when none existed. */
export async function adminDeleteDiscussions(db: Db, user: CurrentUser, ids: number[]): Promise<number> {
  assertAdmin(user);
  const deleted = await removeDiscussions(db, [...new Set(ids)]);
  if (deleted === 0) throw notFound('discussion.notFound');
  return deleted;
}

function selectReports(db: Db) {
  return db.kysely
    .selectFrom('discussion_report as r')
    .leftJoin('discussion as d', 'd.id', 'r.did')
    .selectAll('r')
    .select(['d.title as d_title', 'd.author as d_author', 'd.gid as d_gid']);
}
type ReportRow = Awaited<ReturnType<ReturnType<typeof selectReports>['execute']>>[number];

function toReport(r: ReportRow): DiscussionReport {
  return {
    id: r.id,
    did: r.did,
    reporter: r.reporter,
    content: r.content,
    status: bool(r.status),
    gmtCreate: r.gmt_create,
    gmtModified: r.gmt_modified,
    discussionTitle: r.d_title ?? null,
    discussionAuthor: r.d_author ?? null,
    gid: r.d_gid ?? null,
  };
}

/** GET /api/admin/discussion-report: unhandled ones first, newest first within each. */
export async function adminListReports(
  db: Db,
  user: CurrentUser,
  query: { currentPage?: number; limit?: number },
): Promise<Page<DiscussionReport>> {
  assertAdmin(user);
  const req = pageRequest(query.currentPage, query.limit, DISCUSSION_LIMITS.pageSize);
  const total = await db.kysely
    .selectFrom('discussion_report')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  const rows = await selectReports(db)
    .orderBy('r.status', 'asc')
    .orderBy('r.gmt_create', 'desc')
    .orderBy('r.id', 'desc')
    .limit(req.size)
    .offset(req.offset)
    .execute();
  return toPage(rows.map(toReport), Number(total?.n ?? 0), req);
}

/** PUT /api/admin/discussion-report: handled (true) or back to new. */
export async function adminUpdateReport(
  db: Db,
  user: CurrentUser,
  body: { id: number; status: boolean | 0 | 1 },
): Promise<DiscussionReport> {
  assertAdmin(user);
  const updated = await db.kysely
    .updateTable('discussion_report')
    .set({ status: bit(bool(body.status)), gmt_modified: nowIso() })
    .where('id', '=', body.id)
    .returning('id')
    .executeTakeFirst();
  if (!updated) throw notFound('discussionAdmin.reportNotFound');
  return toReport(await selectReports(db).where('r.id', '=', body.id).executeTakeFirstOrThrow());
}
