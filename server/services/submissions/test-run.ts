import { randomBytes } from 'node:crypto';
import { JUDGING_STATUSES, JudgeStatus } from '../../../shared/constants/judge-status';
import type { TestJudgeParams, TestJudgeResult } from '../../../shared/schemas/api';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { canSubmit, isAdminUser, isExemptFromSubmitInterval } from '../authz';
import { nowIso } from '../clock';
import { assertCanSubmitToContest, loadVisibleContest } from '../contests/access';
import type { ContestRow } from '../contests/contest-store';
import { takeContestBurstToken } from '../contests/submit-burst';
import { AppError, badRequest, forbidden, notFound } from '../errors';
import type { JudgeQueue } from '../judge-queue/queue';
import type { LanguageRegistry } from '../languages';
import { problemLanguages } from '../problems/queries';
import { assertCanOpenProblem, canSeeContestProblem } from '../problems/visibility';
import { takeRateLock } from '../site/rate-lock';
import { loadSettings } from '../site/settings';

export interface TestRunContext {
  db: Db;
  languages: LanguageRegistry;
  queue: JudgeQueue;
}

/**
 * Queues an online test run (HOJ /api/submit-problem-test-judge): the submit rules (account, site
 * switch, problem, language), the input rules (at most LIMITS.testInputMaxLength characters, checked
 * by the shared schema), and the
 * submit interval under its own lock; in a contest also the contest's burst limit
 * (contests/submit-burst.ts). Returns the key the client polls with.
 */
export async function submitTestRun(
  ctx: TestRunContext,
  user: CurrentUser,
  form: TestJudgeParams,
): Promise<string> {
  const { db } = ctx;
  const settings = await loadSettings(db);
  if (!settings.switches.openPublicJudge && !isAdminUser(user)) throw forbidden('server.submitDisabled');
  if (!canSubmit(user)) throw forbidden('server.noSubmitPermission');
  const problem = await db.kysely
    .selectFrom('problem')
    .select(['id', 'auth', 'gid', 'apply_public_progress', 'judge_mode'])
    .where('id', '=', form.pid)
    .executeTakeFirst();
  if (!problem) throw notFound('server.problemNotFound');
  let contestOfRun: ContestRow | null = null;
  if (form.type === 'contest') {
    // a test run inside a contest: the problem must be one of it that the caller may see, and the
    // contest must take the caller's submissions
    if (!form.cid) throw notFound('contest.notFound');
    const contest = await loadVisibleContest(db, user, form.cid);
    await assertCanSubmitToContest(db, user, contest);
    const inContest = await db.kysely
      .selectFrom('contest_problem')
      .select('id')
      .where('cid', '=', contest.id)
      .where('pid', '=', problem.id)
      .executeTakeFirst();
    if (!inContest) throw notFound('contest.contestProblemNotFound');
    if (!canSeeContestProblem(problem, user, contest)) throw forbidden('contest.problemPrivate');
    contestOfRun = contest;
  } else {
    // outside contests: whoever may open the problem (a group's members its public problems);
    // a run from a group's page (`type: group`) names the problem's own group
    if (form.type === 'group' && (!form.gid || form.gid !== problem.gid)) {
      throw notFound('groupProblem.problemNotInGroup');
    }
    await assertCanOpenProblem(db, problem, user);
  }
  const allowed = await problemLanguages(db, ctx.languages, problem.id);
  if (!allowed.includes(form.language))
    throw badRequest('server.languageNotSupported', { language: form.language });

  if (!isExemptFromSubmitInterval(user)) {
    const wait = await takeRateLock(db, `test_judge:${user.uid}`, settings.switches.defaultSubmitInterval);
    if (wait > 0) throw new AppError(429, 'judgeOps.testTooFast', { seconds: wait });
  }
  if (contestOfRun) await takeContestBurstToken(db, user, contestOfRun, 'test');

  const testKey = `TEST_JUDGE_${randomBytes(16).toString('hex')}`;
  await ctx.queue.enqueueTest(testKey, {
    uid: user.uid,
    pid: problem.id,
    language: form.language,
    code: form.code,
    userInput: form.userInput,
    expectedOutput: form.expectedOutput ?? null,
    judgeMode: problem.judge_mode,
  });
  return testKey;
}

/**
 * The result of the caller's own test run (HOJ /api/get-test-judge-result): `{status: 5}` while it
 * waits or runs, then the result (TestJudgeResult: status, time, memory, outputs). Results stay
 * readable for 15 minutes (clients poll every second, so a result is never read once and gone).
 */
export async function getTestRunResult(db: Db, user: CurrentUser, testKey: string): Promise<TestJudgeResult> {
  const row = await db.kysely
    .selectFrom('test_judge')
    .selectAll()
    .where('test_key', '=', testKey)
    .executeTakeFirst();
  if (!row || row.expires_at < nowIso()) throw notFound('judgeOps.testRunNotFound');
  if (row.uid !== user.uid) throw forbidden('judgeOps.testRunNotYours');
  if ((JUDGING_STATUSES as readonly number[]).includes(row.status)) return { status: JudgeStatus.PENDING };
  return {
    status: row.status,
    time: row.time,
    memory: row.memory,
    stderr: row.stderr ?? '',
    userInput: row.user_input,
    expectedOutput: row.expected_output,
    userOutput: row.user_output ?? '',
    problemJudgeMode: row.judge_mode,
  };
}
