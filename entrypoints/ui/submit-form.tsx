import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '@/shared/api/error-message';
import { captchaAnswer } from '@/shared/api/submit-captcha';
import { SubmitCaptcha } from '@/web/components/submit-captcha';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { guessLanguage } from '../lib/language-guess';
import { requestQuickSubmit } from '../lib/messages';
import type { QuickSubmitResult } from '../lib/quick-submit';
import { pinnedItem, recentItem, submitDraftItem } from '../lib/state';
import { useStorageItem } from '../popup/use-storage-item';
import { useSubmitCaptcha } from '../popup/use-submit-captcha';
import { countLines, DraftSource } from './draft-source';
import { StatusText } from './status-text';
import { useProblemLanguages } from './use-problem-languages';

type ProblemFrom = 'route' | 'meta' | 'pinned' | 'typed' | 'none';

const label = (p: { problemId: string; cid: number | null }) =>
  p.cid ? `${p.cid}/${p.problemId}` : p.problemId;

/**
 * Quick submit: the code taken from a tab (the draft, when taken since `draftSince`), the problem
 * (the one that tab shows when it is a problem page of the server, else the pinned one, else what
 * the user types; the form says which and why) and the language (guessed from the code among the
 * problem's languages, overridable). The worker submits, refuses double submits, watches the verdict.
 */
export function SubmitForm({
  serverUrl,
  draftSince,
  onClose,
}: {
  serverUrl: string;
  /** drafts older than this were taken from another tab or another time: not offered */
  draftSince: number;
  onClose?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const stored = useStorageItem(submitDraftItem);
  const draft = stored && stored.at >= draftSince ? stored : null;
  const pinned = useStorageItem(pinnedItem);
  const recent = useStorageItem(recentItem);
  const [problemInput, setProblemInput] = useState<string | null>(null);
  const [code, setCode] = useState<string | null>(null);
  const [chosenLanguage, setChosenLanguage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<QuickSubmitResult | null>(null);
  const captcha = useSubmitCaptcha(serverUrl, i18n.language);

  const fallback: { text: string; from: ProblemFrom } = draft?.problem
    ? { text: label(draft.problem), from: draft.problem.from }
    : pinned
      ? { text: label(pinned), from: 'pinned' }
      : { text: '', from: 'none' };
  const problemText = problemInput ?? fallback.text;
  const problemFrom: ProblemFrom = problemInput?.trim() ? 'typed' : fallback.from;
  const { target, languages, error: problemError, title } = useProblemLanguages(serverUrl, problemText);
  const codeText = code ?? draft?.code ?? '';

  const guessed = useMemo(
    () => (languages ? guessLanguage(codeText, languages) : null),
    [codeText, languages],
  );
  const language =
    chosenLanguage && languages?.includes(chosenLanguage)
      ? chosenLanguage
      : (guessed ?? languages?.[0] ?? '');

  const blocked = !target
    ? problemText.trim()
      ? t('ext.pin.invalid')
      : t('ext.submit.problemNone')
    : !codeText.trim()
      ? t('ext.submit.empty')
      : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!target || !language || blocked) return;
    // the captcha as the web app's submit sends it (shared/api/submit-captcha)
    const sent = captchaAnswer(captcha);
    if (!sent) {
      setResult({ ok: false, reason: 'captcha', message: t('workspace.captchaNeeded') });
      return;
    }
    setBusy(true);
    const answer = await requestQuickSubmit({ ...target, language, code: codeText, title, ...sent }).catch(
      (error): QuickSubmitResult => ({ ok: false, reason: 'error', message: String(error) }),
    );
    setResult(answer);
    setBusy(false);
    // a captcha is used up by the try: a new one for the next (the server asked again, or it was accepted)
    if (!answer.ok && answer.reason === 'captcha') captcha.require();
    else if (answer.ok && captcha.required) captcha.refresh();
  }

  const submitted = result?.ok ? recent?.items.find((s) => s.submitId === result.submitId) : undefined;

  return (
    <form onSubmit={submit} className="flex flex-col gap-2" data-testid="submit-form" noValidate>
      <div className="flex items-center justify-between">
        <h2 className="text-sm font-semibold">{t('ext.submit.title')}</h2>
        {onClose && (
          <Button type="button" size="sm" variant="ghost" onClick={onClose} data-testid="submit-close">
            {t('common.close')}
          </Button>
        )}
      </div>
      <DraftSource draft={draft} lines={countLines(codeText)} />
      <div className="grid grid-cols-[1fr_9rem] gap-2">
        <div className="flex flex-col gap-1">
          <Label htmlFor="submit-problem">{t('ext.submit.problem')}</Label>
          <Input
            id="submit-problem"
            data-testid="submit-problem"
            value={problemText}
            placeholder={t('ext.pin.placeholder')}
            onChange={(e) => setProblemInput(e.target.value)}
            aria-describedby="submit-problem-source"
            className="h-8 text-sm"
          />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="submit-language">{t('ext.submit.language')}</Label>
          <select
            id="submit-language"
            data-testid="submit-language"
            value={language}
            onChange={(e) => setChosenLanguage(e.target.value)}
            className="h-8 rounded-md border bg-background px-2 text-sm"
          >
            {(languages ?? []).map((name) => (
              <option key={name} value={name}>
                {name === guessed ? `${name} ✓` : name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p
        id="submit-problem-source"
        className={problemFrom === 'none' ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'}
        data-testid="submit-problem-source"
        data-from={problemFrom}
      >
        {problemFrom === 'none'
          ? t('ext.submit.problemNone')
          : t(`ext.submit.problemFrom.${problemFrom}`, { problem: problemText.trim(), title: title ?? '' })}
      </p>
      {problemError && (
        <p className="text-xs text-destructive" data-testid="submit-problem-error">
          {problemError}
        </p>
      )}
      <textarea
        data-testid="submit-code"
        aria-label={t('ext.submit.code')}
        value={codeText}
        onChange={(e) => setCode(e.target.value)}
        spellCheck={false}
        rows={5}
        className="w-full resize-y rounded-md border bg-muted/40 p-2 font-mono text-xs"
      />
      {/* the captcha (once the server asks for one) beside Submit: the form stays within the popup's height */}
      <div className="flex items-center gap-2">
        <SubmitCaptcha captcha={captcha} />
        <Button
          type="submit"
          size="sm"
          disabled={busy || !!blocked || !language}
          aria-describedby={blocked && problemFrom !== 'none' ? 'submit-blocked' : undefined}
          // as tall as the captcha's image and input beside it
          className={captcha.required ? 'h-9 flex-1' : 'flex-1'}
          data-testid="submit-send"
        >
          {busy ? t('ext.submit.sending') : t('ext.submit.send')}
        </Button>
      </div>
      {captcha.required && !!captcha.error && (
        <p className="text-xs text-destructive" data-testid="submit-captcha-error">
          {apiErrorText(captcha.error, t)}
        </p>
      )}
      {blocked && problemFrom !== 'none' && (
        <p id="submit-blocked" className="text-xs text-muted-foreground" data-testid="submit-blocked">
          {blocked}
        </p>
      )}
      {result && !result.ok && (
        <p
          role="alert"
          className="text-xs text-destructive"
          data-testid="submit-error"
          data-reason={result.reason}
        >
          {result.message}
        </p>
      )}
      {result?.ok && (
        <p
          className="flex items-center gap-2 text-xs"
          data-testid="submit-result"
          data-submit-id={result.submitId}
        >
          <a href={result.url} target="_blank" rel="noreferrer" className="text-primary underline">
            {t('ext.submit.submitted', { id: result.submitId })}
          </a>
          {submitted && <StatusText status={submitted.status} testId="submit-status" />}
        </p>
      )}
    </form>
  );
}
