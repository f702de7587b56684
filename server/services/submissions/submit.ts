import type { Submission } from '../../../shared/api/types';
import { JudgeStatus } from '../../../shared/constants/judge-status';
import type { SubmitForm } from '../../../shared/schemas/forms';
import type { Db } from '../../db/database';
import type { SecretHasher } from '../auth/codes';
import type { CurrentUser } from '../auth/users';
import { canSubmit, isAdminUser, isExemptFromSubmitInterval } from '../authz';
import { nowIso } from '../clock';
import { AppError, badRequest, forbidden, notFound } from '../errors';
import type { LanguageRegistry } from '../languages';
import { findProblemByDisplayId, PROBLEM_PUBLIC, problemLanguages } from '../problems/queries';
import { takeRateLock } from '../site/rate-lock';
import { loadSettings } from '../site/settings';
import { toSubmission } from './mapping';
import { checkSubmitCaptcha } from './submit-captcha';

export interface SubmitContext {
  db: Db;
  languages: LanguageRegistry;
  /** checks the answers of submit captchas */
  hasher: SecretHasher;
  /** wakes the in-process workers */
  onQueued?: (submitId: number) => void;
}

export type ValidSubmit = Pick<SubmitForm, 'language' | 'code' | 'captcha' | 'captchaKey'> & {
  pid: string;
  cid?: number | null;
};

/**
 * Accepts a submission (HOJ /api/submit-problem-judge): checks the account, the site switch, the
 * problem, the language and the submit interval, then queues it. Once this returns a submitId the
 * row is in the database and will be judged, whatever happens to this process.
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
  if (form.cid) throw notFound('server.notFound'); // contests arrive with the contest issue
  const problem = await findProblemByDisplayId(db, form.pid);
  if (!problem) throw notFound('server.problemNotFound');
  if (problem.auth !== PROBLEM_PUBLIC && !isAdminUser(user)) throw forbidden('server.problemNotFound');
  const allowed = await problemLanguages(db, ctx.languages, problem.id);
  if (!allowed.includes(form.language))
    throw badRequest('server.languageNotSupported', { language: form.language });

  await checkSubmitCaptcha(db, ctx.hasher, user, form.captcha, form.captchaKey);
  if (!isExemptFromSubmitInterval(user)) {
    const wait = await takeRateLock(db, `submit:${user.uid}`, settings.switches.defaultSubmitInterval);
    if (wait > 0) throw new AppError(429, 'server.submitTooFast', { seconds: wait });
  }

  const now = nowIso();
  const row = await db.kysely
    .insertInto('judge')
    .values({
      pid: problem.id,
      display_pid: problem.problem_id,
      uid: user.uid,
      username: user.username,
      submit_time: now,
      status: JudgeStatus.PENDING,
      share: 0,
      error_message: null,
      time: null,
      memory: null,
      score: null,
      length: form.code.length,
      code: form.code,
      language: form.language,
      cid: 0,
      cpid: 0,
      gid: null,
      judger: null,
      ip,
      oi_rank_score: null,
      is_manual: 0,
      attempt: 0,
      lease_owner: null,
      lease_expires_at: null,
      gmt_modified: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  ctx.onQueued?.(row.submit_id);
  return toSubmission(row, problem.title);
}
