import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cacheProblem, loadProblem, parsePinInput, problemCacheItem, problemKey } from '../lib/problem';
import { useStorageItem } from '../popup/use-storage-item';
import { pageApi } from './page-api';

/** Waits this long after the last keystroke in the problem box before asking the server. */
const LOOKUP_DELAY_MS = 250;

/**
 * The languages of the problem typed in the submit form: from the cache at once, then from the
 * server; an error text when the server knows no such problem (or the user cannot see it).
 */
export function useProblemLanguages(serverUrl: string, problemText: string) {
  const { t, i18n } = useTranslation();
  const cache = useStorageItem(problemCacheItem);
  const [languages, setLanguages] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const target = parsePinInput(problemText);
  const targetKey = target ? problemKey(target) : '';

  // biome-ignore lint/correctness/useExhaustiveDependencies: reload only when the target problem changes
  useEffect(() => {
    setError(null);
    const target = parsePinInput(problemText);
    if (!target) {
      setLanguages(null);
      return;
    }
    const cached = cache?.[problemKey(target)];
    setLanguages(cached ? cached.languages : null);
    let live = true;
    const timer = setTimeout(() => {
      loadProblem(pageApi(serverUrl, i18n.language), target).then(
        (view) => {
          if (!live) return;
          setLanguages(view.languages);
          void cacheProblem(view);
        },
        () => {
          if (live && !cached) setError(t('ext.submit.problemNotFound'));
        },
      );
    }, LOOKUP_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [targetKey, serverUrl, i18n.language]);

  return { target, languages, error, title: target ? (cache?.[problemKey(target)]?.title ?? null) : null };
}
