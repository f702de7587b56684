import type {
  AllCaseResult,
  JudgeCase,
  JudgeCaseMode,
  SubmissionDetail,
  SubmissionListItem,
  SubtaskResult,
} from '../../../shared/api/types';
import { showsErrorText } from '../../../shared/constants/judge-status';
import { ProblemType } from '../../../shared/constants/problems';
import { bool } from '../../db/booleans';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { canSeeCode, canSeeErrorMessage, isAdminUser } from '../authz';
import { contestCasesVisible, contestSubmissionDetail } from '../contests/contest-submission-detail';
import { notFound } from '../errors';
import { loadGroupSight } from '../groups/problem-access';
import { assertCanOpenSubmissionOf, canSeeProblem, canSeeProblemWith } from '../problems/visibility';
import { type JudgeRow, toListItem, toSubmission } from './mapping';
import { groupSubtasks, SUBTASK_MODES } from './subtasks';

export const LIST_COLUMNS = [
  'judge.submit_id',
  'judge.pid',
  'judge.display_pid',
  'judge.uid',
  'judge.username',
  'judge.submit_time',
  'judge.status',
  'judge.share',
  'judge.time',
  'judge.memory',
  'judge.score',
  'judge.length',
  'judge.language',
  'judge.cid',
  'judge.cpid',
  'judge.gid',
  'judge.judger',
  'judge.ip',
  'judge.oi_rank_score',
  'judge.is_manual',
  'judge.attempt',
  'judge.lease_owner',
  'judge.lease_expires_at',
  'judge.gmt_modified',
  'problem.title',
] as const;

async function findRow(db: Db, submitId: number) {
  const row = await db.kysely
    .selectFrom('judge')
    .innerJoin('problem', 'problem.id', 'judge.pid')
    .selectAll('judge')
    .select([
      'problem.title',
      'problem.code_share',
      'problem.open_case_result',
      'problem.judge_case_mode',
      'problem.type as problem_type',
      'problem.auth',
      'problem.gid as problem_gid',
      'problem.apply_public_progress',
    ])
    .where('judge.submit_id', '=', submitId)
    .executeTakeFirst();
  return (
    row && {
      ...row,
      problem: { auth: row.auth, gid: row.problem_gid, apply_public_progress: row.apply_public_progress },
    }
  );
}

/**
 * HOJ: a group's root (and the site's root) reads the code of its group's submissions; Verdict
 * lets them read the compiler's message too, as the owner and admins do.
 */
async function rootsSubmissionGroup(db: Db, gid: number | null, viewer: CurrentUser | null) {
  if (gid === null || !viewer) return false;
  return (await loadGroupSight(db, viewer, [gid])).roots(gid);
}

export async function getSubmissionDetail(
  db: Db,
  submitId: number,
  viewer: CurrentUser | null,
): Promise<SubmissionDetail> {
  const row = await findRow(db, submitId);
  if (!row) throw notFound('server.submissionNotFound');
  if (row.cid !== 0) return contestSubmissionDetail(db, row as JudgeRow, viewer);
  await assertCanOpenSubmissionOf(db, row.problem, viewer);
  const codeShare = bool(row.code_share);
  const submission = toSubmission(row as JudgeRow, row.title);
  const groupRoot = !canSeeErrorMessage(viewer, row.uid) && (await rootsSubmissionGroup(db, row.gid, viewer));
  if (!canSeeCode(viewer, row.uid, bool(row.share), codeShare) && !groupRoot) submission.code = null;
  if (!showsErrorText(row.status) || !(canSeeErrorMessage(viewer, row.uid) || groupRoot)) {
    submission.errorMessage = null;
  }
  return { submission, codeShare };
}

/**
 * Polling (HOJ /api/check-submissions-status): the listed submissions without code or messages.
 * Contest submissions are left out: their results follow the contest's rules and are polled with
 * /api/check-contest-submissions-status. So are those of problems the caller may not see.
 */
export async function checkStatuses(
  db: Db,
  submitIds: number[],
  viewer: CurrentUser | null,
): Promise<Record<string, SubmissionListItem>> {
  const ids = [...new Set(submitIds)].slice(0, 100);
  if (ids.length === 0) return {};
  const rows = await db.kysely
    .selectFrom('judge')
    .innerJoin('problem', 'problem.id', 'judge.pid')
    .select([...LIST_COLUMNS, 'problem.auth', 'problem.gid as problem_gid', 'problem.apply_public_progress'])
    .where('judge.submit_id', 'in', ids)
    .where('judge.cid', '=', 0)
    .execute();
  const access = (r: (typeof rows)[number]) => ({
    auth: r.auth,
    gid: r.problem_gid,
    apply_public_progress: r.apply_public_progress,
  });
  // the caller's standing in the groups of the problems the site rule alone refuses, read at once
  const groups = rows
    .filter((r) => r.problem_gid !== null && !canSeeProblem(access(r), viewer))
    .map((r) => r.problem_gid as number);
  const sight = await loadGroupSight(db, viewer, groups);
  const out: Record<string, SubmissionListItem> = {};
  for (const r of rows) {
    if (canSeeProblemWith(access(r), viewer, sight)) {
      out[String(r.submit_id)] = toListItem(r, r.title);
    }
  }
  return out;
}

export async function getAllCaseResult(
  db: Db,
  submitId: number,
  viewer: CurrentUser | null,
): Promise<AllCaseResult | null> {
  const row = await findRow(db, submitId);
  if (!row) throw notFound('server.submissionNotFound');
  if (row.cid === 0) await assertCanOpenSubmissionOf(db, row.problem, viewer);
  else if (!(await contestCasesVisible(db, row.cid, viewer))) return null;
  if (!bool(row.open_case_result) && !isAdminUser(viewer)) return null;
  const cases = await db.kysely
    .selectFrom('judge_case')
    .selectAll()
    .where('submit_id', '=', submitId)
    .where('attempt', '=', row.attempt)
    .orderBy('seq')
    .execute();
  const admin = isAdminUser(viewer);
  // HOJ scores the cases of OI problems only; an ACM case has no score (not "0 pts")
  const scored = row.problem_type === ProblemType.OI;
  const list: JudgeCase[] = cases.map((c) => ({
    seq: c.seq,
    status: c.status,
    time: c.time,
    memory: c.memory,
    score: scored ? c.score : null,
    userOutput: c.user_output,
    groupNum: c.group_num,
    mode: c.mode,
    ...(admin ? { inputData: `${c.seq}.in`, outputData: `${c.seq}.out` } : {}),
  }));
  const mode = row.judge_case_mode as JudgeCaseMode;
  const subtasks = (): SubtaskResult[] =>
    groupSubtasks(list, mode).map((g) => (scored ? g : { ...g, score: null }));
  return SUBTASK_MODES.includes(mode)
    ? { judgeCaseMode: mode, judgeCaseList: null, subTaskJudgeCaseVoList: subtasks() }
    : { judgeCaseMode: mode, judgeCaseList: list, subTaskJudgeCaseVoList: null };
}
