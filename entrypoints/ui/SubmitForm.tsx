import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { guessLanguage } from '../lib/language-guess';
import { requestQuickSubmit } from '../lib/messages';
import { cacheProblem, loadProblem, parsePinInput, problemCacheItem, problemKey } from '../lib/problem';
import type { QuickSubmitResult } from '../lib/quick-submit';
import { pinnedItem, recentItem, submitDraftItem } from '../lib/state';
import { useStorageItem } from '../popup/use-storage-item';
import { pageApi } from './page-api';
import { StatusText } from './StatusText';

/**
 * Quick submit: the code taken from a tab (the draft), the problem (the pinned one unless the
 * user types another) and the language (guessed from the code among the problem's languages,
 * overridable). The worker submits, guards against double submits and watches the verdict.
 */
export function SubmitForm({ serverUrl, onClose }: { serverUrl: string; onClose?: () => void }) {
  const { t, i18n } = useTranslation();
  const draft = useStorageItem(submitDraftItem);
  const pinned = useStorageItem(pinnedItem);
  const cache = useStorageItem(problemCacheItem);
  const recent = useStorageItem(recentItem);
  const [problemInput, setProblemInput] = useState<string | null>(null);
  const [code, setCode] = useState<string | null>(null);
  const [chosenLanguage, setChosenLanguage] = useState<string | null>(null);
  const [languages, setLanguages] = useState<string[] | null>(null);
  const [problemError, setProblemError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<QuickSubmitResult | null>(null);

  const defaultProblem = pinned ? (pinned.cid ? `${pinned.cid}/${pinned.problemId}` : pinned.problemId) : '';
  const problemText = problemInput ?? defaultProblem;
  const target = parsePinInput(problemText);
  const codeText = code ?? draft?.code ?? '';

  // The problem's languages: from the cache at once, then from the server.
  const targetKey = target ? problemKey(target) : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload only when the target problem changes
  useEffect(() => {
    setProblemError(null);
    const target = parsePinInput(problemText);
    if (!target) {
      setLanguages(null);
      return;
    }
    const cached = cache?.[problemKey(target)];
    if (cached) setLanguages(cached.languages);
    let live = true;
    const timer = setTimeout(() => {
      loadProblem(pageApi(serverUrl, i18n.language), target).then(
        (view) => {
          if (!live) return;
          setLanguages(view.languages);
          void cacheProblem(view);
        },
        () => {
          if (live && !cached) setProblemError(t('ext.submit.problemNotFound'));
        },
      );
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [targetKey, serverUrl, i18n.language]);

  const guessed = useMemo(
    () => (languages ? guessLanguage(codeText, languages) : null),
    [codeText, languages],
  );
  const language =
    chosenLanguage && languages?.includes(chosenLanguage)
      ? chosenLanguage
      : (guessed ?? languages?.[0] ?? '');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!target || !language) return;
    setBusy(true);
    const title = cache?.[problemKey(target)]?.title ?? null;
    const answer = await requestQuickSubmit({ ...target, language, code: codeText, title }).catch(
      (error): QuickSubmitResult => ({ ok: false, reason: 'error', message: String(error) }),
    );
    setResult(answer);
    setBusy(false);
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
      <p className="text-xs text-muted-foreground" data-testid="submit-source">
        {draft
          ? t(draft.source === 'selection' ? 'ext.submit.fromSelection' : 'ext.submit.fromEditor', {
              editor: draft.editor ?? '',
              lines: codeText.split('\n').length,
            })
          : t('ext.submit.noDraft')}
      </p>
      <div className="grid grid-cols-[1fr_9rem] gap-2">
        <div className="flex flex-col gap-1">
          <Label htmlFor="submit-problem">{t('ext.submit.problem')}</Label>
          <Input
            id="submit-problem"
            data-testid="submit-problem"
            value={problemText}
            placeholder={t('ext.pin.placeholder')}
            onChange={(e) => setProblemInput(e.target.value)}
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
        rows={6}
        className="w-full resize-y rounded-md border bg-muted/40 p-2 font-mono text-xs"
      />
      <Button
        type="submit"
        size="sm"
        disabled={busy || !target || !language || !codeText.trim()}
        data-testid="submit-send"
      >
        {busy ? t('ext.submit.sending') : t('ext.submit.send')}
      </Button>
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
