import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import { ApiError } from '@/shared/api/client';
import { apiErrorText } from '@/shared/api/error-message';
import { type CaptchaAnswer, needsCaptcha } from '@/shared/api/submit-captcha';
import { type GrabbedCode, grabCodeInPage } from './editor-grab';
import { submissionUrl } from './links';
import { mergeRecent, toRecent } from './mine';
import { createLock } from './mutex';
import { loadContext, withLogin } from './session';
import { recentItem } from './state';
import { type GuardRecord, submitKey, takeSubmitKey } from './submit-guard';
import { readProblemMetaInPage } from './tab-problem';
import { translator } from './translate';
import { addWatches, labelOf } from './watch';

/** Submit keys of the last seconds; storage.session: gone when the browser closes, kept while the worker sleeps. */
const guardItem = storage.defineItem<GuardRecord>('session:submitKeys', { fallback: {} });
const guardLock = createLock();

export interface QuickSubmitRequest extends CaptchaAnswer {
  problemId: string;
  cid: number | null;
  language: string;
  code: string;
  title?: string | null;
}

/** `captcha`: the server wants a (new) captcha with the submit; `message` is its reason. */
export type QuickSubmitResult =
  | { ok: true; submitId: number; url: string }
  | { ok: false; reason: 'duplicate' | 'loggedOut' | 'empty' | 'captcha' | 'error'; message: string };

/**
 * Submits code (POST /api/submit-problem-judge, with cid for a contest problem, and the captcha
 * when the server asked for one) and watches the verdict. The same problem + language + code within
 * SUBMIT_GUARD_MS is refused as a double submit; a failed submit releases its key so the user can
 * try again (with a captcha, when that was the reason).
 */
export async function quickSubmit(req: QuickSubmitRequest, now = Date.now()): Promise<QuickSubmitResult> {
  const { language } = await loadContext();
  const t = translator(language);
  if (!req.code.trim()) return { ok: false, reason: 'empty', message: t('ext.submit.empty') };
  const key = await submitKey(req);
  const allowed = await guardLock(async () => {
    const taken = takeSubmitKey(await guardItem.getValue(), key, now);
    await guardItem.setValue(taken.record);
    return taken.allowed;
  });
  if (!allowed) return { ok: false, reason: 'duplicate', message: t('ext.submit.duplicate') };
  const release = () =>
    guardLock(async () => {
      const record = await guardItem.getValue();
      delete record[key];
      await guardItem.setValue(record);
    });
  try {
    const result = await withLogin(async ({ api, serverUrl }) => {
      const submission = await api.submitProblemJudge({
        pid: req.problemId,
        language: req.language,
        code: req.code,
        cid: req.cid ?? undefined,
        captcha: req.captcha,
        captchaKey: req.captchaKey,
      });
      return { submission, serverUrl };
    });
    if (!result) {
      await release();
      return { ok: false, reason: 'loggedOut', message: t('ext.submit.loggedOut') };
    }
    const { submission, serverUrl } = result;
    const recentEntry = { ...toRecent(submission), title: submission.title ?? req.title ?? null };
    await addWatches([
      {
        submitId: recentEntry.submitId,
        cid: recentEntry.cid,
        problemLabel: labelOf(submission) || req.problemId,
        title: recentEntry.title,
      },
    ]);
    const recent = await recentItem.getValue();
    await recentItem.setValue({
      items: mergeRecent(recent?.items ?? [], [recentEntry]),
      maxSubmitId: Math.max(recent?.maxSubmitId ?? 0, recentEntry.submitId),
      checkedAt: recent?.checkedAt ?? null,
    });
    return { ok: true, submitId: recentEntry.submitId, url: submissionUrl(serverUrl, submission) };
  } catch (error) {
    await release();
    const loggedOut = error instanceof ApiError && error.httpStatus === 401;
    const reason = loggedOut ? 'loggedOut' : needsCaptcha(error) ? 'captcha' : 'error';
    return { ok: false, reason, message: apiErrorText(error, t) };
  }
}

/** Takes the selection or the editor contents of a tab (its MAIN world, where the editors live). */
export async function grabFromTab(tabId: number, preferSelection: boolean): Promise<GrabbedCode | null> {
  const [injection] = await browser.scripting.executeScript({
    target: { tabId },
    world: 'MAIN',
    func: grabCodeInPage,
    args: [preferSelection],
  });
  return (injection?.result as GrabbedCode | null | undefined) ?? null;
}

/** The problem page's machine-readable block in a tab, if it has one (any world can read the DOM). */
export async function readTabProblemMeta(tabId: number): Promise<{ problemId: string; url: string } | null> {
  const [injection] = await browser.scripting
    .executeScript({ target: { tabId }, func: readProblemMetaInPage })
    .catch(() => []);
  return (injection?.result as { problemId: string; url: string } | null | undefined) ?? null;
}
