import { useCallback, useMemo, useState } from 'react';
import { useBrowserKnown } from '@/web/lib/server-render';
import { readJson, writeJson } from '@/web/lib/storage';

/** localStorage key of the "show tags" choice on the problem page. */
export const TAGS_VISIBLE_KEY = 'problemTagsVisible';

/**
 * Whether the problem page shows the problem's tags; the choice is kept across visits. It is the
 * browser's: shown, as the server draws them, until the app has taken the server's markup over.
 */
export function useTagsVisible(): [boolean, (visible: boolean) => void] {
  const known = useBrowserKnown();
  const stored = useMemo(() => (known ? readJson<boolean>(TAGS_VISIBLE_KEY) : null), [known]);
  const [chosen, setChosen] = useState<boolean | null>(null);
  const update = useCallback((next: boolean) => {
    setChosen(next);
    writeJson(TAGS_VISIBLE_KEY, next);
  }, []);
  return [chosen ?? stored ?? true, update];
}
