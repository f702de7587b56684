import type { Submission } from '../../../shared/api/types';
import type { SubmitForm } from '../../../shared/schemas/forms';
import type { Db } from '../../db/database';
import type { SecretHasher } from '../auth/codes';
import type { CurrentUser } from '../auth/users';
import { canSubmit, isAdminUser, isExemptFromSubmitInterval } from '../authz';
import { assertCanSubmitToContest, loadVisibleContest } from '../contests/access';
import type { ContestRow } from '../contests/contest-store';
import { findContestProblem } from '../contests/participant-problems';
import { takeContestBurstToken } from '../contests/submit-burst';
import { runningRun } from '../contests/virtual/runs';
import { AppError, badRequest, forbidden, notFound } from '../errors';
import { type JudgeQueue, QueuePriority } from '../judge-queue/queue';
import type { LanguageRegistry } from '../languages';
import { findProblemByDisplayId, problemLanguages } from '../problems/queries';
import { assertCanOpenProblem, canSeeContestProblem, isGroupOnlyProblem } from '../problems/visibility';
import { takeRateLock } from '../site/rate-lock';
import { loadSettings } from '../site/settings';
import { recordTrainingSubmission } from '../trainings/records';
import { assertMaySubmitInTraining } from '../trainings/submit';
import { toSubmission } from './mapping';
import { checkSubmitCaptcha } from './submit-captcha';

export interface SubmitContext {
  db: Db;
  languages: LanguageRegistry;
  /** checks the answers of submit captchas */
  hasher: SecretHasher;
  /** files the submission for judging */
  queue: JudgeQueue;
}

export type ValidSubmit = Pick<SubmitForm, 'language' | 'code' | 'captcha' | 'captchaKey'> & {
  pid: string;
  cid?: number | null;
  /** the training the problem was opened in (HOJ's submit payload): checked, then recorded for its rank */
  tid?: number | null;
  /** the group the problem was opened in (HOJ's submit payload): a group's problem needs it */
  gid?: number | null;
};

/** What a submission is judged against and where it is filed. */
interface SubmitTarget {
  problem: { id: number; title: string };
  displayPid: string;
  cid: number;
  cpid: number;
  priority: number;
  /** the contest of a contest submission (its burst limit applies) */
  contest?: ContestRow;
  /** the group the submission is filed under (judge.gid): a group's problem's */
  gid?: number | null;
  /** the virtual run a contest submission is made in (judge.virtual_id) */
  virtualId?: number | null;
}

/**
 * A problem outside contests, by its display id (HOJ: problem.problemId): one the caller may open
 * (public; a group's for its members; admins any). A group's problem is submitted inside its
 * group (HOJ: `gid` in the body, else 403) and filed under it (judge.gid), which keeps it off the
 * site's submission list and ranks; a training's problem (`tid`) is checked by the training.
 */
async function publicTarget(
  db: Db,
  user: CurrentUser,
  form: Pick<ValidSubmit, 'pid' | 'gid' | 'tid'>,
): Promise<SubmitTarget> {
  const problem = await findProblemByDisplayId(db, form.pid);
  if (!problem) throw notFound('server.problemNotFound');
  await assertCanOpenProblem(db, problem, user);
  let gid: number | null = null;
  if (isGroupOnlyProblem(problem)) {
    if (form.gid && form.gid !== problem.gid) throw notFound('groupProblem.problemNotInGroup');
    if (!form.gid && !form.tid) throw forbidden('groupProblem.submitInGroup');
    gid = problem.gid;
  }
  return { problem, displayPid: problem.problem_id, cid: 0, cpid: 0, priority: QueuePriority.NEW, gid };
}

/**
 * A contest problem by its display id ("A"): the contest must take the caller's submission now
 * (started, not ended unless end submissions are allowed, registered unless public; contest
 * admins always). Contest submissions are judged first and skip the site's submit interval and
 * captcha; their own burst limit applies instead (contests/submit-burst.ts).
 */
async function contestTarget(
  db: Db,
  user: CurrentUser,
  cid: number,
  displayId: string,
): Promise<SubmitTarget> {
  const contest = await loadVisibleContest(db, user, cid);
  // during the caller's virtual run the ended contest takes their submissions, filed under the run
  const run = await runningRun(db, contest, user);
  if (!run) await assertCanSubmitToContest(db, user, contest);
  const found = await findContestProblem(db, cid, displayId);
  if (!found) throw notFound('contest.contestProblemNotFound');
  if (!canSeeContestProblem(found.problem, user, contest)) {
    throw forbidden('contest.contestProblemNotFound');
  }
  return {
    problem: { id: found.problem.id, title: found.displayTitle },
    displayPid: found.displayId,
    cid,
    cpid: found.cpid,
    // a virtual run is practice: the judge serves contests going on now first
    priority: run ? QueuePriority.NEW : QueuePriority.CONTEST,
    contest,
    virtualId: run?.id ?? null,
  };
}

/**
 * Accepts a submission (HOJ /api/submit-problem-judge): checks the account, the site switch, the
 * problem (or the contest and its problem), the language and the submit interval, then queues it.
 * Once this returns a submitId the row is in the database and will be judged, whatever happens to
 * this process.
 */
export async function submitSolution(
  ctx: SubmitContext,
  user: CurrentUser,
  form: ValidSubmit,
  ip: string | null,
): Promise<Submission> {
  const { db } = ctx;
  const settings = await loadSettings(db);
  if (!settings.switches.openPublicJudge && !isAdminUser(user)) throw forbidden('server.submitDisabled');
  if (!canSubmit(user)) throw forbidden('server.noSubmitPermission');
  if (form.tid && !form.cid) await assertMaySubmitInTraining(db, user, form.tid, form.pid);
  const target = form.cid
    ? await contestTarget(db, user, form.cid, form.pid)
    : await publicTarget(db, user, form);
  const allowed = await problemLanguages(db, ctx.languages, target.problem.id);
  if (!allowed.includes(form.language))
    throw badRequest('server.languageNotSupported', { language: form.language });

  if (!target.cid) {
    await checkSubmitCaptcha(db, ctx.hasher, user, form.captcha, form.captchaKey);
    if (!isExemptFromSubmitInterval(user)) {
      const wait = await takeRateLock(db, `submit:${user.uid}`, settings.switches.defaultSubmitInterval);
      if (wait > 0) throw new AppError(429, 'server.submitTooFast', { seconds: wait });
    }
  }
  if (target.contest) await takeContestBurstToken(db, user, target.contest, 'submit');

  const row = await ctx.queue.enqueue({
    pid: target.problem.id,
    displayPid: target.displayPid,
    uid: user.uid,
    username: user.username,
    code: form.code,
    language: form.language,
    cid: target.cid,
    cpid: target.cpid,
    ip,
    priority: target.priority,
    gid: target.gid ?? null,
    virtualId: target.virtualId ?? null,
  });
  if (!target.cid)
    await recordTrainingSubmission(db, { submitId: row.submit_id, uid: user.uid, pid: target.problem.id });
  return toSubmission(row, target.problem.title);
}
