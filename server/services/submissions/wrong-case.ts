import { sql } from 'kysely';
import { isWrongVerdict, JudgeStatus } from '../../../shared/constants/judge-status';
import { WRONG_CASE_DAILY_DOWNLOADS } from '../../../shared/constants/limits';
import { bool } from '../../db/booleans';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { canDownloadWrongCase, isAdminUser } from '../authz';
import { AppError, badRequest, forbidden, notFound } from '../errors';
import type { FileStore } from '../files/store';
import { zipBuffers } from '../files/zip';
import { assertCanOpenSubmissionOf } from '../problems/visibility';

/** Test data larger than this (input + expected output) is not handed out as a wrong case. */
export const WRONG_CASE_MAX_BYTES = 32 * 1024 * 1024;

/** The day a download counts against (UTC), e.g. "2025-03-01". */
export const utcDay = (now = new Date()): string => now.toISOString().slice(0, 10);

export function dailyLimit(user: CurrentUser): number {
  return isAdminUser(user) ? WRONG_CASE_DAILY_DOWNLOADS.admin : WRONG_CASE_DAILY_DOWNLOADS.user;
}

export async function downloadsUsedToday(db: Db, uid: string): Promise<number> {
  const row = await db.kysely
    .selectFrom('wrong_case_download')
    .select('count')
    .where('uid', '=', uid)
    .where('day', '=', utcDay())
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * Counts one download for the user today, in one atomic upsert that refuses past the quota: two
 * replicas (or two tabs) racing for the last download cannot both get it. False when none is left.
 */
export async function takeDownload(db: Db, uid: string, limit: number): Promise<boolean> {
  const day = utcDay();
  const row = await db.kysely
    .insertInto('wrong_case_download')
    .values({ uid, day, count: 1 })
    .onConflict((oc) =>
      oc
        .columns(['uid', 'day'])
        .doUpdateSet({ count: sql<number>`wrong_case_download.count + 1` })
        .where('wrong_case_download.count', '<', limit),
    )
    .returning('count')
    .executeTakeFirst();
  if (row && Number(row.count) === 1) {
    // a new day for this user: yesterday's counters are no longer needed
    await db.kysely.deleteFrom('wrong_case_download').where('uid', '=', uid).where('day', '<', day).execute();
  }
  return !!row;
}

interface FailingCase {
  seq: number;
  inputHash: string;
  outputHash: string;
  size: number;
}

type Check = { ok: true; failing: FailingCase } | { ok: false; error: AppError };

/**
 * The download rules for one submission (docs/architecture.md, "Submissions: captcha, sharing,
 * wrong-case downloads"): the owner or an admin, outside contests, a wrong
 * verdict, a problem that shows its case results, and a failing case whose data is still here.
 * A missing submission (404) or one whose problem the caller may not see (403) is thrown: there is
 * nothing to say about it, not even why it cannot be downloaded.
 */
async function checkSubmission(db: Db, user: CurrentUser, submitId: number): Promise<Check> {
  const row = await db.kysely
    .selectFrom('judge')
    .innerJoin('problem', 'problem.id', 'judge.pid')
    .select([
      'judge.uid',
      'judge.cid',
      'judge.status',
      'judge.attempt',
      'judge.pid',
      'problem.open_case_result',
      'problem.auth',
      'problem.gid',
      'problem.apply_public_progress',
    ])
    .where('judge.submit_id', '=', submitId)
    .executeTakeFirst();
  const fail = (error: AppError): Check => ({ ok: false, error });
  if (!row) throw notFound('server.submissionNotFound');
  if (row.cid === 0) await assertCanOpenSubmissionOf(db, row, user);
  if (!canDownloadWrongCase(user, row.uid)) return fail(forbidden('workspace.wrongCaseNotYours'));
  if (row.cid !== 0) return fail(forbidden('workspace.wrongCaseContest'));
  if (!bool(row.open_case_result)) return fail(forbidden('workspace.wrongCaseClosed'));
  if (!isWrongVerdict(row.status)) return fail(badRequest('workspace.wrongCaseNotWrong'));
  const failing = await db.kysely
    .selectFrom('judge_case')
    .innerJoin('problem_case', 'problem_case.id', 'judge_case.case_id')
    .select([
      'judge_case.seq',
      'problem_case.input_hash',
      'problem_case.output_hash',
      'problem_case.input_size',
      'problem_case.output_size',
    ])
    .where('judge_case.submit_id', '=', submitId)
    .where('judge_case.attempt', '=', row.attempt)
    .where('judge_case.status', '!=', JudgeStatus.ACCEPTED)
    .where('problem_case.pid', '=', row.pid)
    .orderBy('judge_case.seq')
    .limit(1)
    .executeTakeFirst();
  if (!failing) return fail(badRequest('workspace.wrongCaseMissing'));
  const size = failing.input_size + failing.output_size;
  if (size > WRONG_CASE_MAX_BYTES) return fail(badRequest('workspace.wrongCaseTooLarge'));
  return {
    ok: true,
    failing: { seq: failing.seq, inputHash: failing.input_hash, outputHash: failing.output_hash, size },
  };
}

export interface WrongCaseState {
  /** message key of the reason it cannot be downloaded, apart from the quota */
  reasonKey: string | null;
  caseSeq: number | null;
  dailyLimit: number;
  remaining: number;
}

/** What the wrong-case card shows: can this user download it, and how many are left today. */
export async function wrongCaseState(db: Db, user: CurrentUser, submitId: number): Promise<WrongCaseState> {
  const check = await checkSubmission(db, user, submitId);
  const limit = dailyLimit(user);
  const remaining = Math.max(0, limit - (await downloadsUsedToday(db, user.uid)));
  return {
    reasonKey: check.ok ? null : check.error.key,
    caseSeq: check.ok ? check.failing.seq : null,
    dailyLimit: limit,
    remaining,
  };
}

export interface WrongCaseFile {
  fileName: string;
  zip: Buffer;
  remaining: number;
}

/**
 * GET /api/file/download-wrong-case: a zip of the first failing case's input and expected output.
 * The zip is built before the download is counted, so a failure never costs one.
 */
export async function downloadWrongCase(
  db: Db,
  files: FileStore,
  user: CurrentUser,
  submitId: number,
): Promise<WrongCaseFile> {
  const check = await checkSubmission(db, user, submitId);
  if (!check.ok) throw check.error;
  const limit = dailyLimit(user);
  if ((await downloadsUsedToday(db, user.uid)) >= limit) {
    throw new AppError(429, 'workspace.wrongCaseQuota', { limit });
  }
  const { seq, inputHash, outputHash } = check.failing;
  let zip: Buffer;
  try {
    zip = await zipBuffers([
      { name: `${seq}.in`, data: files.read(inputHash) },
      { name: `${seq}.out`, data: files.read(outputHash) },
    ]);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw badRequest('workspace.wrongCaseMissing');
    throw e;
  }
  if (!(await takeDownload(db, user.uid, limit))) {
    throw new AppError(429, 'workspace.wrongCaseQuota', { limit });
  }
  const remaining = Math.max(0, limit - (await downloadsUsedToday(db, user.uid)));
  return { fileName: `submission-${submitId}-case-${seq}.zip`, zip, remaining };
}
