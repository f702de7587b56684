import { useCallback, useEffect, useRef, useState } from 'react';
import { loadDraft, saveDraft } from './drafts';

/**
 * The code being edited for one problem and language: the stored draft, else the template.
 * Changes are saved to localStorage (debounced; flushed when the page is left).
 */
export function useCodeDraft(problemId: string, language: string | null, template: string) {
  const [code, setCode] = useState('');
  const timer = useRef<number | undefined>(undefined);
  const pendingSave = useRef<(() => void) | null>(null);

  const flush = useCallback(() => {
    window.clearTimeout(timer.current);
    pendingSave.current?.();
    pendingSave.current = null;
  }, []);

  useEffect(() => {
    if (!language) return;
    setCode(loadDraft(problemId, language) ?? template);
    return flush;
  }, [problemId, language, template, flush]);

  const update = useCallback(
    (next: string) => {
      setCode(next);
      if (!language) return;
      window.clearTimeout(timer.current);
      pendingSave.current = () => saveDraft(problemId, language, next, template);
      timer.current = window.setTimeout(flush, 300);
    },
    [problemId, language, template, flush],
  );

  return [code, update] as const;
}
