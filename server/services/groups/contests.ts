import type { ContestAnnouncement } from '../../../shared/api/contest-ops-types';
import type {
  AdminContestListItem,
  AdminContestProblemList,
  AdminContestVO,
  ContestProblem,
  ContestVO,
} from '../../../shared/api/contest-types';
import type { Page } from '../../../shared/api/types';
import { ProblemAuth } from '../../../shared/constants/problems';
import type {
  ContestAnnouncementCreateParams,
  ContestAnnouncementListParams,
  ContestAnnouncementUpdateParams,
} from '../../../shared/schemas/contest-ops';
import type {
  AddContestProblemParams,
  AdminContestProblemListParams,
  ContestProblemUpdateParams,
  ContestUpdateParams,
} from '../../../shared/schemas/contests';
import type {
  GroupContentListParams,
  GroupContestCreateParams,
  GroupContestProblemFromGroupForm,
} from '../../../shared/schemas/group-content';
import type { GroupProblemDto } from '../../../shared/schemas/group-problems';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import {
  changeContestVisible,
  createContest,
  deleteContest,
  getAdminContest,
  loadAdministeredContest,
  pageAdminContests,
  updateContest,
} from '../contests/admin-contests';
import {
  addProblemFromPublic,
  getContestProblem,
  listAdminContestProblems,
  removeContestProblem,
  updateContestProblem,
} from '../contests/contest-problems';
import {
  createContestAnnouncement,
  deleteContestAnnouncement,
  listAdminContestAnnouncements,
  updateContestAnnouncement,
} from '../contests/ops/announcements';
import { listContests } from '../contests/public-contests';
import { notFound } from '../errors';
import type { JudgeEvents } from '../judge-queue/events';
import type { SaveContext } from '../problems/admin/save';
import { assertGroupRole } from './contests-access';
import { addGroupProblem } from './problems';

/**
 * A group's contests at HOJ's paths (/api/group/*contest*; HOJ's GroupContestManager,
 * GroupContestProblemManager and GroupContestAnnouncementManager), through the site's contest
 * services in their `group` scope: members list the visible ones, group admins list all and create;
 * one contest is administered by the site's root, the group's roots and its author while a group
 * admin (authz isContestAdmin), who also hold every contest admin's powers inside it. Membership is
 * read on every call.
 */

/** GET /api/group/get-contest-list: the group's visible contests, for its members. */
export async function listGroupContests(
  db: Db,
  user: CurrentUser,
  query: GroupContentListParams,
): Promise<Page<ContestVO>> {
  await assertGroupRole(db, query.gid, user, 'member');
  return listContests(db, { currentPage: query.currentPage, limit: query.limit }, query.gid);
}

/** GET /api/group/get-admin-contest-list: every contest of the group (hidden ones too), for its admins. */
export async function listGroupAdminContests(
  db: Db,
  user: CurrentUser,
  query: GroupContentListParams,
): Promise<Page<AdminContestListItem>> {
  await assertGroupRole(db, query.gid, user, 'admin');
  return pageAdminContests(db, query, { gid: query.gid });
}

/** GET /api/group/contest: one contest with everything, for its admins. */
export function getGroupContest(db: Db, user: CurrentUser, cid: number): Promise<AdminContestVO> {
  return getAdminContest(db, user, cid, 'group');
}

/** POST /api/group/contest: a group admin makes a contest of the group (its author: the caller). */
export async function addGroupContest(
  db: Db,
  user: CurrentUser,
  body: GroupContestCreateParams,
): Promise<AdminContestVO> {
  const { gid, ...contest } = body;
  await assertGroupRole(db, gid, user, 'admin');
  return createContest(db, user, contest, gid);
}

/** PUT /api/group/contest: its admins change it (a `gid` in the body is ignored: it stays in its group). */
export function updateGroupContest(
  db: Db,
  user: CurrentUser,
  body: ContestUpdateParams,
): Promise<AdminContestVO> {
  return updateContest(db, user, body, 'group');
}

/** DELETE /api/group/contest: its admins delete it (HOJ), with what belongs to it. */
export function deleteGroupContest(db: Db, user: CurrentUser, cid: number): Promise<void> {
  return deleteContest(db, user, cid, 'group');
}

/** PUT /api/group/change-contest-visible: shows or hides it in the group. */
export function changeGroupContestVisible(
  db: Db,
  user: CurrentUser,
  cid: number,
  visible: boolean,
): Promise<void> {
  return changeContestVisible(db, user, cid, visible, 'group');
}

/* ---- its problems ---- */

/** GET /api/group/get-contest-problem-list: its problems, or (with `problemType`) the public ones it could add. */
export function listGroupContestProblems(
  db: Db,
  user: CurrentUser,
  query: AdminContestProblemListParams,
): Promise<AdminContestProblemList> {
  return listAdminContestProblems(db, user, query, 'group');
}

/**
 * POST /api/group/contest-problem (HOJ, a ProblemDTO with `problem.gid`): a group admin writes a new
 * problem of the group for a contest; it is kept for contests (auth 3: its contests' participants
 * see it, the group's problem list does not). The group problem service checks and saves it; the
 * client then places it in the contest with PUT /api/group/contest-problem.
 */
export function addGroupContestNewProblem(
  ctx: SaveContext,
  user: CurrentUser,
  dto: GroupProblemDto,
): Promise<{ pid: number; problemId: string }> {
  return addGroupProblem(ctx, user, { ...dto, problem: { ...dto.problem, auth: ProblemAuth.CONTEST } });
}

/** GET /api/group/contest-problem: one problem's row in the contest. */
export function getGroupContestProblem(
  db: Db,
  user: CurrentUser,
  cid: number,
  pid: number,
): Promise<ContestProblem> {
  return getContestProblem(db, user, cid, pid, 'group');
}

/**
 * PUT /api/group/contest-problem: its display id, title and colour; a problem not in the contest yet is
 * added first (a public one or one of the group's own).
 */
export function updateGroupContestProblem(
  db: Db,
  events: JudgeEvents,
  user: CurrentUser,
  body: ContestProblemUpdateParams,
): Promise<ContestProblem> {
  return updateContestProblem(db, events, user, body, 'group');
}

/** DELETE /api/group/contest-problem: takes a problem out of the contest (the problem stays). */
export function removeGroupContestProblem(
  db: Db,
  user: CurrentUser,
  cid: number,
  pid: number,
): Promise<void> {
  return removeContestProblem(db, user, cid, pid, 'group');
}

/** POST /api/group/add-contest-problem-from-public: a problem open to everyone joins the contest. */
export function addGroupContestProblemFromPublic(
  db: Db,
  events: JudgeEvents,
  user: CurrentUser,
  body: AddContestProblemParams,
): Promise<ContestProblem> {
  return addProblemFromPublic(db, events, user, body, 'group');
}

/**
 * POST /api/group/add-contest-problem-from-group (HOJ): a problem of the contest's own group, by its
 * display id, joins the contest under `displayId`. A problem of another group, or of the site, is not
 * one (404 with HOJ's words).
 */
export async function addGroupContestProblemFromGroup(
  db: Db,
  events: JudgeEvents,
  user: CurrentUser,
  query: GroupContestProblemFromGroupForm,
): Promise<ContestProblem> {
  const contest = await loadAdministeredContest(db, user, query.cid, 'group');
  const problem = await db.kysely
    .selectFrom('problem')
    .select(['id', 'gid'])
    .where('problem_id', '=', query.problemId)
    .executeTakeFirst();
  if (!problem || problem.gid === null || problem.gid !== contest.gid) {
    throw notFound('groupContent.problemNotInGroup');
  }
  return addProblemFromPublic(
    db,
    events,
    user,
    { cid: contest.id, pid: problem.id, displayId: query.displayId },
    'group',
  );
}

/* ---- its announcements ---- */

/** GET /api/group/get-contest-announcement-list: every announcement of the contest, hidden ones too. */
export function listGroupContestAnnouncements(
  db: Db,
  user: CurrentUser,
  query: ContestAnnouncementListParams,
): Promise<Page<ContestAnnouncement>> {
  return listAdminContestAnnouncements(db, user, query, 'group');
}

/** POST /api/group/contest-announcement. */
export function addGroupContestAnnouncement(
  db: Db,
  user: CurrentUser,
  body: ContestAnnouncementCreateParams,
): Promise<ContestAnnouncement> {
  return createContestAnnouncement(db, user, body, 'group');
}

/** PUT /api/group/contest-announcement. */
export function updateGroupContestAnnouncement(
  db: Db,
  user: CurrentUser,
  body: ContestAnnouncementUpdateParams,
): Promise<ContestAnnouncement> {
  return updateContestAnnouncement(db, user, body, 'group');
}

/** DELETE /api/group/contest-announcement?aid=&cid=. */
export function deleteGroupContestAnnouncement(
  db: Db,
  user: CurrentUser,
  query: { aid: number; cid?: number },
): Promise<void> {
  return deleteContestAnnouncement(db, user, query, 'group');
}
