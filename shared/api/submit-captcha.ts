import type { SubmitForm } from '../schemas/forms';
import { ApiError } from './client';

/**
 * The captcha a submit needs once the user has submitted often lately (server rule:
 * server/services/submissions/submit-captcha.ts), as every submit form (the web app's workspace,
 * the extension's quick submit) handles it. Kept free of zod: the problem page's first load has a
 * size budget.
 */

/** The captcha fields of POST /api/submit-problem-judge (captchaKey from GET /api/captcha). */
export type CaptchaAnswer = Pick<SubmitForm, 'captcha' | 'captchaKey'>;

/** The server refused the submit for its captcha (data.needCaptcha): missing, wrong or expired. */
export function needsCaptcha(error: unknown): boolean {
  return (
    error instanceof ApiError && !!(error.data as { needCaptcha?: boolean } | null | undefined)?.needCaptcha
  );
}

/**
 * What a submit sends for the captcha: nothing while none is required; null when one is required
 * and not answered (the submit is not sent: a captcha is used up by one try, right or wrong).
 */
export function captchaAnswer(captcha: {
  required: boolean;
  answer: string;
  key: string | null;
}): CaptchaAnswer | null {
  if (!captcha.required) return {};
  if (!captcha.answer.trim()) return null;
  return { captcha: captcha.answer.trim(), captchaKey: captcha.key };
}
