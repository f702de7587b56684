import type { AdminContestListItem, AdminContestVO } from '../../../shared/api/contest-types';
import type { Page } from '../../../shared/api/types';
import {
  AwardType,
  CONTEST_GUARDS,
  CONTEST_PAGE_SIZE,
  ContestAuth,
} from '../../../shared/constants/contests';
import type {
  AdminContestListQuery,
  ContestParams,
  ContestUpdateParams,
} from '../../../shared/schemas/contests';
import { bit } from '../../db/booleans';
import type { Db } from '../../db/database';
import { containsText } from '../../db/like';
import type { CurrentUser } from '../auth/users';
import { canDeleteContest, canOpenContestAdmin, isContestAdmin, isRootUser } from '../authz';
import { nowIso } from '../clock';
import { badRequest, forbidden, notFound } from '../errors';
import { pageRequest, toPage } from '../paging';
import { contestRowChanged } from './contest-row-cache';
import { type ContestRow, loadContest, registrationCounts } from './contest-store';
import { toAdminContestVo, toAdminListItem } from './contest-vo';
import { isImportedContest } from './feed/imported';

/** Contest administration (HOJ /api/admin/contest): the admin roles open it; each contest belongs to its author and root. */
export function assertContestAdminArea(user: CurrentUser): void {
  if (!canOpenContestAdmin(user)) throw forbidden();
}

/**
 * Where a contest is administered from: `console`, the site's console (/api/admin/contest*: admin
 * roles, as HOJ); `group`, a group's (/api/group/*: that group's contests only, no site role
 * needed); `contest`, the admin tools inside a contest (Admin Helper, prints, downloads): a site
 * contest's as the console, a group's for its admins (authz isContestAdmin).
 */
export type ContestAdminScope = 'console' | 'group' | 'contest';

/** The contest, if the caller administers it from there: 404 when missing, 403 when someone else's. */
export async function loadAdministeredContest(
  db: Db,
  user: CurrentUser,
  cid: number,
  scope: ContestAdminScope = 'console',
): Promise<ContestRow> {
  const siteArea = canOpenContestAdmin(user);
  if (scope === 'console' && !siteArea) throw forbidden();
  const contest = await loadContest(db, cid, user).catch((e: unknown) => {
    // outside the console, callers without a site role learn nothing of site contests (as before)
    if (scope === 'contest' && !siteArea) throw forbidden();
    throw e;
  });
  if (scope === 'group') {
    if (contest.gid === null) throw forbidden('groupContent.notGroupContest');
    if (!contest.groupViewer?.open) throw notFound('groupContent.groupNotFound');
    if (!isContestAdmin(user, contest)) throw forbidden('groupContent.notYourContest');
    return contest;
  }
  if (scope === 'contest' && !siteArea && contest.gid === null) throw forbidden();
  if (!isContestAdmin(user, contest)) throw forbidden('contest.notYourContest');
  return contest;
}

async function withCount(db: Db, row: ContestRow): Promise<AdminContestVO> {
  const counts = await registrationCounts(db, [row.id]);
  return toAdminContestVo(row, nowIso(), counts.get(row.id) ?? 0);
}

/** Root sees every contest; the other admin roles see the contests they created. Newest start first. */
export async function listAdminContests(
  db: Db,
  user: CurrentUser,
  query: AdminContestListQuery,
): Promise<Page<AdminContestListItem>> {
  assertContestAdminArea(user);
  return pageAdminContests(db, query, isRootUser(user) ? {} : { uid: user.uid });
}

/** A page of contests for a console, newest start first: every one, an author's, or a group's. */
export async function pageAdminContests(
  db: Db,
  query: AdminContestListQuery,
  of: { uid?: string; gid?: number },
): Promise<Page<AdminContestListItem>> {
  const req = pageRequest(query.currentPage, query.limit, CONTEST_PAGE_SIZE);
  let base = db.kysely.selectFrom('contest');
  if (of.uid !== undefined) base = base.where('uid', '=', of.uid);
  if (of.gid !== undefined) base = base.where('gid', '=', of.gid);
  const keyword = query.keyword?.trim();
  if (keyword) base = base.where(containsText('title', keyword));
  const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy('start_time', 'desc')
    .orderBy('id', 'desc')
    .limit(req.size)
    .offset(req.offset)
    .execute();
  const counts = await registrationCounts(
    db,
    rows.map((r) => r.id),
  );
  const now = nowIso();
  return toPage(
    rows.map((r) => toAdminListItem(r, now, counts.get(r.id) ?? 0)),
    Number(total.n),
    req,
  );
}

export async function getAdminContest(
  db: Db,
  user: CurrentUser,
  cid: number,
  scope: ContestAdminScope = 'console',
): Promise<AdminContestVO> {
  return withCount(db, await loadAdministeredContest(db, user, cid, scope));
}

async function assertShortNameFree(db: Db, shortName: string | null, exceptId: number | null): Promise<void> {
  if (!shortName) return;
  let q = db.kysely.selectFrom('contest').select('id').where('short_name', '=', shortName);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw badRequest('contest.shortNameTaken');
}

/** The columns a form sets (create and update alike). */
function columns(p: ContestParams) {
  const awardType = p.awardType ?? AwardType.NONE;
  return {
    title: p.title,
    description: p.description,
    type: p.type,
    auth: p.auth,
    pwd: p.auth === ContestAuth.PUBLIC ? null : p.pwd,
    start_time: p.startTime,
    end_time: p.endTime,
    duration: Math.round((Date.parse(p.endTime) - Date.parse(p.startTime)) / 1000),
    seal_rank: bit(p.sealRank),
    seal_rank_time: p.sealRank ? p.sealRankTime : null,
    auto_real_rank: bit(p.autoRealRank ?? true),
    allow_end_submit: bit(p.allowEndSubmit),
    open_print: bit(p.openPrint),
    open_rank: bit(p.openRank),
    rank_show_name: p.rankShowName ?? 'username',
    oi_rank_score_type: p.oiRankScoreType ?? 'Recent',
    penalty_mode: p.penaltyMode ?? 'hoj-seconds',
    star_account: JSON.stringify([...new Set(p.starAccount ?? [])]),
    award_type: awardType,
    award_config: JSON.stringify(awardType === AwardType.NONE ? [] : (p.awardConfigList ?? [])),
    informed_title: p.informedTitle,
    informed: p.informed,
    short_name: p.shortName,
    subheading: p.subheading,
    sponsor: p.sponsor,
    co_organizer: p.coOrganizer,
    organizer: p.organizer,
    background_image: p.backgroundImage,
  };
}

/**
 * Creates a contest whose author is the caller. Without `gid` from the console (admin roles); with
 * it, a group's contest, whose caller the group service has checked (services/groups/contests.ts).
 */
export async function createContest(
  db: Db,
  user: CurrentUser,
  p: ContestParams,
  gid: number | null = null,
): Promise<AdminContestVO> {
  if (gid === null) assertContestAdminArea(user);
  await assertShortNameFree(db, p.shortName, null);
  const now = nowIso();
  const row = await db.kysely
    .insertInto('contest')
    .values({
      ...columns(p),
      submit_burst: p.submitBurst ?? CONTEST_GUARDS.submitBurst.default,
      submit_refill_seconds: p.submitRefillSeconds ?? CONTEST_GUARDS.submitRefillSeconds.default,
      uid: user.uid,
      author: user.username,
      source: 0,
      visible: bit(p.visible ?? true),
      gid,
      gmt_create: now,
      gmt_modified: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return withCount(db, row);
}

/**
 * Changes a contest (its author or root). A new password of a non-public contest drops every
 * registration (HOJ): participants register again with the new one.
 */
export async function updateContest(
  db: Db,
  user: CurrentUser,
  p: ContestUpdateParams,
  scope: ContestAdminScope = 'console',
): Promise<AdminContestVO> {
  const old = await loadAdministeredContest(db, user, p.id, scope);
  await assertShortNameFree(db, p.shortName, old.id);
  // a contest imported from an event feed replays the board its feed describes: ACM (pass-fail) or OI (score)
  if (p.type !== old.type && (await isImportedContest(db, old.id))) throw badRequest('eventFeed.typeFixed');
  const values = columns(p);
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .updateTable('contest')
      .set({
        ...values,
        ...(p.visible === undefined ? {} : { visible: bit(p.visible) }),
        // settings HOJ's admin clients do not know stay as they are when not sent
        ...(p.submitBurst === undefined ? {} : { submit_burst: p.submitBurst }),
        ...(p.submitRefillSeconds === undefined ? {} : { submit_refill_seconds: p.submitRefillSeconds }),
        gmt_modified: nowIso(),
      })
      .where('id', '=', old.id)
      .execute();
    if (values.auth !== ContestAuth.PUBLIC && values.pwd !== old.pwd) {
      await trx.deleteFrom('contest_register').where('cid', '=', old.id).execute();
    }
  });
  contestRowChanged(db, old.id);
  return withCount(db, await loadContest(db, old.id));
}

/**
 * Root only from the console; a group's contest also by its admins from the group (HOJ). What
 * belongs to the contest goes with it: problem links, registrations, its announcements, prints,
 * balloons and imported feed (its submissions stay, as HOJ).
 */
export async function deleteContest(
  db: Db,
  user: CurrentUser,
  cid: number,
  scope: ContestAdminScope = 'console',
): Promise<void> {
  if (scope === 'group') {
    await loadAdministeredContest(db, user, cid, scope);
  } else {
    assertContestAdminArea(user);
    if (!canDeleteContest(user)) throw forbidden('contest.deleteRootOnly');
    await loadContest(db, cid);
  }
  await db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('contest_problem').where('cid', '=', cid).execute();
    await trx.deleteFrom('contest_register').where('cid', '=', cid).execute();
    await trx.deleteFrom('contest_event_feed').where('cid', '=', cid).execute();
    await trx.deleteFrom('contest_print').where('cid', '=', cid).execute();
    await trx.deleteFrom('contest_balloon').where('cid', '=', cid).execute();
    const links = trx.selectFrom('contest_announcement').select('aid').where('cid', '=', cid);
    await trx.deleteFrom('announcement').where('id', 'in', links).execute();
    await trx.deleteFrom('contest_announcement').where('cid', '=', cid).execute();
    await trx.deleteFrom('contest').where('id', '=', cid).execute();
  });
  contestRowChanged(db, cid);
}

export async function changeContestVisible(
  db: Db,
  user: CurrentUser,
  cid: number,
  visible: boolean,
  scope: ContestAdminScope = 'console',
): Promise<void> {
  await loadAdministeredContest(db, user, cid, scope);
  await db.kysely
    .updateTable('contest')
    .set({ visible: bit(visible), gmt_modified: nowIso() })
    .where('id', '=', cid)
    .execute();
  contestRowChanged(db, cid);
}
