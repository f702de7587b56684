/**
 * A group's problems at HOJ's paths (HOJ's GroupProblemManager; the rules: docs/architecture.md,
 * Group problems and judging). The problem editor's own services write them (problems/admin/*):
 * this module only decides who may, and puts the group in (its `gid`, its short name in front of the
 * display id, its tags). Opening, submitting and the group's status list go through the site's
 * calls with `gid` (problems/visibility.ts decides who sees a group's problem).
 */
import type {
  GroupAdminProblem,
  GroupProblemListItem,
  GroupTag,
} from '../../../shared/api/group-problem-types';
import type { AdminProblem, AdminProblemCase } from '../../../shared/api/problem-editor-types';
import type { Page } from '../../../shared/api/types';
import { ApplyPublicProgress } from '../../../shared/constants/groups';
import { JudgeStatus } from '../../../shared/constants/judge-status';
import { ProblemAuth, type ProblemAuthValue } from '../../../shared/constants/problems';
import type { GroupProblemDto } from '../../../shared/schemas/group-problems';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { AppError, badRequest, forbidden, notFound } from '../errors';
import type { FileStore } from '../files/store';
import type { JudgeEvents } from '../judge-queue/events';
import type { LanguageRegistry } from '../languages';
import { pageRequest, toPage } from '../paging';
import { buildChecker, type CompileProgram } from '../problems/admin/compile-checker';
import { removeProblem } from '../problems/admin/delete';
import { adminProblemOf, problemCasesOf } from '../problems/admin/read';
import { applyProblemUpdate, insertProblem, type SaveContext } from '../problems/admin/save';
import { countsByProblem, emptyCounts } from '../problems/counts';
import { toProblem } from '../problems/mapping';
import { groupTags, tagsByProblem } from '../problems/tags';
import { userProblemStatuses } from '../problems/user-status';
import type { ProblemRow } from '../problems/visibility';
import {
  loadGroupAccess,
  managesGroupProblems,
  requireGroupAdmin,
  requireGroupMember,
  rootsGroupProblems,
} from './problem-access';

/** HOJ's group problem lists: 10 a page. */
const GROUP_PROBLEM_PAGE = 10;

/**
 * One of a group's problems, for those who may change it (HOJ): the group's roots, the site's root,
 * and its author while still an admin of the group. A problem of no group is not this call's (404).
 */
async function editableGroupProblem(
  db: Db,
  user: CurrentUser,
  pid: number,
): Promise<ProblemRow & { gid: number }> {
  const row = await db.kysely.selectFrom('problem').selectAll().where('id', '=', pid).executeTakeFirst();
  if (!row) throw notFound('server.problemNotFound');
  if (row.gid === null) throw notFound('groupProblem.notGroupProblem');
  const access = await loadGroupAccess(db, row.gid, user);
  if (!access.open) throw notFound('groupProblem.groupNotFound');
  const author = managesGroupProblems(access) && row.author === user.username;
  if (!rootsGroupProblems(access) && !author) throw forbidden('groupProblem.notEditor');
  return { ...row, gid: row.gid };
}

async function groupShortName(db: Db, gid: number): Promise<string> {
  const group = await db.kysely
    .selectFrom('group_info')
    .select('short_name')
    .where('id', '=', gid)
    .executeTakeFirst();
  if (!group) throw notFound('groupProblem.groupNotFound');
  return group.short_name;
}

/**
 * HOJ GET /api/group/get-problem-list: the group's public problems (its members and root), by the
 * length of the display id then the id, with counts of the group's submissions and the caller's
 * status on each.
 */
export async function listGroupProblems(
  db: Db,
  user: CurrentUser | null,
  query: { gid: number; currentPage?: number; limit?: number },
): Promise<Page<GroupProblemListItem>> {
  await requireGroupMember(db, query.gid, user);
  const req = pageRequest(query.currentPage, query.limit, GROUP_PROBLEM_PAGE);
  const base = db.kysely
    .selectFrom('problem')
    .where('gid', '=', query.gid)
    .where('auth', '=', ProblemAuth.PUBLIC);
  const total = Number(
    (await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n,
  );
  if (total === 0 || req.offset >= total) return toPage([], total, req);
  const rows = await base
    .select(['id', 'problem_id', 'title', 'difficulty', 'type'])
    .orderBy((eb) => eb.fn('length', ['problem_id']))
    .orderBy('problem_id')
    .limit(req.size)
    .offset(req.offset)
    .execute();
  const pids = rows.map((r) => r.id);
  const [counts, tags, statuses] = await Promise.all([
    countsByProblem(db, pids, query.gid),
    tagsByProblem(db, pids),
    user
      ? userProblemStatuses(db, user, { pidList: pids, gid: query.gid, isContestProblemList: false })
      : Promise.resolve({} as Record<string, { status: number }>),
  ]);
  return toPage(
    rows.map((r) => ({
      ...(counts.get(r.id) ?? emptyCounts()),
      pid: r.id,
      problemId: r.problem_id,
      title: r.title,
      difficulty: r.difficulty,
      type: r.type,
      tags: tags.get(r.id) ?? [],
      score: null,
      myStatus: statuses[String(r.id)]?.status ?? JudgeStatus.NOT_SUBMITTED,
    })),
    total,
    req,
  );
}

/** HOJ GET /api/group/get-admin-problem-list: every problem of the group, newest first (its admins and root). */
export async function listGroupAdminProblems(
  db: Db,
  user: CurrentUser,
  query: { gid: number; currentPage?: number; limit?: number },
): Promise<Page<GroupAdminProblem>> {
  await requireGroupAdmin(db, query.gid, user);
  const req = pageRequest(query.currentPage, query.limit, GROUP_PROBLEM_PAGE);
  const base = db.kysely.selectFrom('problem').where('gid', '=', query.gid);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('id', 'desc').limit(req.size).offset(req.offset).execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return toPage(
    rows.map((r) => ({ ...toProblem(r), applyPublicProgress: r.apply_public_progress })),
    Number(count.n),
    req,
  );
}

/** HOJ GET /api/group/problem: one problem with its checker, for its editors. */
export async function getGroupProblem(db: Db, user: CurrentUser, pid: number): Promise<AdminProblem> {
  return adminProblemOf(db, await editableGroupProblem(db, user, pid));
}

/** HOJ GET /api/group/get-problem-cases: its test cases, for its editors. */
export async function getGroupProblemCases(
  db: Db,
  files: FileStore,
  user: CurrentUser,
  pid: number,
): Promise<AdminProblemCase[]> {
  await editableGroupProblem(db, user, pid);
  return problemCasesOf(db, files, pid);
}

/** The dto with the group's short name in front of the display id (HOJ; its client strips it to edit). */
function withGroupId(dto: GroupProblemDto, shortName: string): GroupProblemDto {
  return { ...dto, problem: { ...dto.problem, problemId: `${shortName}${dto.problem.problemId}` } };
}

/**
 * HOJ POST /api/group/problem: a group's admin (or root) adds a problem to the group
 * (`problem.gid`); the caller is its author. Any visibility may be chosen: a public one is public
 * to the group's members only.
 */
export async function addGroupProblem(
  ctx: SaveContext,
  user: CurrentUser,
  dto: GroupProblemDto,
): Promise<{ pid: number; problemId: string }> {
  const gid = dto.problem.gid;
  if (!gid) throw badRequest('groupProblem.gidRequired');
  await requireGroupAdmin(ctx.db, gid, user);
  const shortName = await groupShortName(ctx.db, gid);
  return insertProblem(ctx, user, withGroupId(dto, shortName), gid);
}

/** HOJ PUT /api/group/problem: its editors change it; it stays the group's. */
export async function updateGroupProblem(
  ctx: SaveContext,
  user: CurrentUser,
  dto: GroupProblemDto,
): Promise<{ pid: number; problemId: string }> {
  const pid = dto.problem.id;
  if (pid === undefined) throw new AppError(400, 'problemAccess.idRequired');
  const before = await editableGroupProblem(ctx.db, user, pid);
  const shortName = await groupShortName(ctx.db, before.gid);
  return applyProblemUpdate(ctx, user, withGroupId(dto, shortName), before);
}

/** HOJ DELETE /api/group/problem: its editors delete it (refused while a contest uses it). */
export async function deleteGroupProblem(
  db: Db,
  events: JudgeEvents,
  user: CurrentUser,
  pid: number,
): Promise<void> {
  await editableGroupProblem(db, user, pid);
  await removeProblem(db, events, pid);
}

/** HOJ GET /api/group/get-all-problem-tags: the tags the group's problems may carry (its admins). */
export async function getGroupProblemTags(db: Db, user: CurrentUser, gid: number): Promise<GroupTag[]> {
  await requireGroupAdmin(db, gid, user);
  return groupTags(db, gid);
}

/** HOJ POST /api/group/compile-spj and compile-interactive: the editor's compile button, for the group's admins. */
export async function compileGroupChecker(
  deps: { db: Db; languages: LanguageRegistry; compile: CompileProgram | null },
  user: CurrentUser,
  gid: number,
  program: { code: string; language: string; extraFiles: Record<string, string> },
): Promise<void> {
  await requireGroupAdmin(deps.db, gid, user);
  await buildChecker(deps, user, program);
}

/** HOJ PUT /api/group/change-problem-auth: its editors set its visibility (1 public to the group, 2 private, 3 contest). */
export async function changeGroupProblemAuth(
  db: Db,
  events: JudgeEvents,
  user: CurrentUser,
  pid: number,
  auth: ProblemAuthValue,
): Promise<void> {
  const row = await editableGroupProblem(db, user, pid);
  await db.kysely.updateTable('problem').set({ auth }).where('id', '=', pid).execute();
  events.emit('problemChanged', { problemId: row.problem_id, visibility: true });
}

/**
 * HOJ PUT /api/group/apply-public: its editors ask root to put it in the public list
 * (apply_public_progress 1), or withdraw the request, which also takes back an agreed one (null:
 * the group's alone again, HOJ).
 */
export async function applyGroupProblemPublic(
  db: Db,
  events: JudgeEvents,
  user: CurrentUser,
  pid: number,
  isApplied: boolean,
): Promise<'groupProblem.applied' | 'groupProblem.applyWithdrawn'> {
  const row = await editableGroupProblem(db, user, pid);
  await db.kysely
    .updateTable('problem')
    .set({ apply_public_progress: isApplied ? ApplyPublicProgress.APPLIED : null })
    .where('id', '=', pid)
    .execute();
  events.emit('problemChanged', { problemId: row.problem_id, visibility: true });
  return isApplied ? 'groupProblem.applied' : 'groupProblem.applyWithdrawn';
}
