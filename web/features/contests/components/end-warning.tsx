import { AlarmClock, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContestStatus } from '@/shared/constants/contests';
import { Button } from '@/web/components/ui/button';
import { useContestContext, useServerNow } from '../contest-context';
import { END_WARNING_SECONDS } from '../lib/contest-clock';

const dismissedKey = (cid: number) => `contest-end-warning-${cid}`;

/** When 15 minutes remain, a warning appears once and stays until dismissed. */
export function EndWarning() {
  const { t } = useTranslation();
  const { contest, offsetMs, status } = useContestContext();
  const now = useServerNow(offsetMs);
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(dismissedKey(contest.id)) === '1');
  const left = (Date.parse(contest.endTime) - now) / 1000;
  if (dismissed || status !== ContestStatus.RUNNING || left > END_WARNING_SECONDS) return null;
  return (
    <div
      role="alert"
      className="flex items-center gap-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
      data-testid="contest-end-warning"
    >
      <AlarmClock className="size-4 shrink-0" aria-hidden />
      <span className="flex-1">{t('contestPage.endWarning', { minutes: Math.ceil(left / 60) })}</span>
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label={t('common.close')}
        onClick={() => {
          sessionStorage.setItem(dismissedKey(contest.id), '1');
          setDismissed(true);
        }}
        data-testid="contest-end-warning-close"
      >
        <X />
      </Button>
    </div>
  );
}
