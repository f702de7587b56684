import { SUBMIT_CAPTCHA } from '../../../shared/constants/limits';
import type { Db } from '../../db/database';
import { consumeCaptcha } from '../auth/captcha';
import type { SecretHasher } from '../auth/codes';
import type { CurrentUser } from '../auth/users';
import { isAdminUser } from '../authz';
import { AppError } from '../errors';

/**
 * Whether a submit must carry a solved captcha. The rule (ours; HOJ ignores the captcha field
 * of a submit): an ordinary user who made SUBMIT_CAPTCHA.free non-contest submissions within the last
 * SUBMIT_CAPTCHA.windowSeconds must solve a captcha (GET /api/captcha) for each further submit,
 * until the window moves past them. Counted from the judge table, so replicas agree.
 */
export async function submitCaptchaRequired(db: Db, user: CurrentUser, now = Date.now()): Promise<boolean> {
  if (isAdminUser(user)) return false;
  const recent = await db.kysely
    .selectFrom('judge')
    .select('submit_time')
    .where('uid', '=', user.uid)
    .where('cid', '=', 0)
    .orderBy('submit_id', 'desc')
    .limit(SUBMIT_CAPTCHA.free)
    .execute();
  const since = new Date(now - SUBMIT_CAPTCHA.windowSeconds * 1000).toISOString();
  const oldest = recent[SUBMIT_CAPTCHA.free - 1];
  return !!oldest && oldest.submit_time >= since;
}

/**
 * Refuses the submit (400, data.needCaptcha) when a captcha is required and missing or wrong. A
 * captcha is used up by one try, right or wrong.
 */
export async function checkSubmitCaptcha(
  db: Db,
  hasher: SecretHasher,
  user: CurrentUser,
  captcha: string | null | undefined,
  captchaKey: string | null | undefined,
): Promise<void> {
  if (!(await submitCaptchaRequired(db, user))) return;
  if (!captcha?.trim() || !captchaKey) {
    throw new AppError(400, 'workspace.captchaNeeded', {}, { needCaptcha: true });
  }
  if (!(await consumeCaptcha(db, hasher, captchaKey, captcha))) {
    throw new AppError(400, 'workspace.captchaWrong', {}, { needCaptcha: true });
  }
}
