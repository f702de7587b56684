import { useCallback, useState } from 'react';
import { readJson, writeJson } from '@/web/lib/storage';

/** localStorage key of the "show tags" choice on the problem page. */
export const TAGS_VISIBLE_KEY = 'problemTagsVisible';

/** Whether the problem page shows the problem's tags; the choice is kept across visits. */
export function useTagsVisible(): [boolean, (visible: boolean) => void] {
  const [visible, setVisible] = useState(() => readJson<boolean>(TAGS_VISIBLE_KEY) ?? true);
  const update = useCallback((next: boolean) => {
    setVisible(next);
    writeJson(TAGS_VISIBLE_KEY, next);
  }, []);
  return [visible, update];
}
