import { useTranslation } from 'react-i18next';
import type { ProblemView } from '../lib/problem';
import { formatCountdown, useNow } from '../ui/use-now';

/** The contest's clock on the server's time: until the start, the time left, or ended. */
export function ContestClock({ contest }: { contest: NonNullable<ProblemView['contest']> }) {
  const { t } = useTranslation();
  const now = useNow() + contest.offsetMs;
  const start = Date.parse(contest.startTime);
  const end = Date.parse(contest.endTime);
  const phase = now < start ? 'before' : now < end ? 'running' : 'ended';
  const text =
    phase === 'before'
      ? t('ext.panel.startsIn', { time: formatCountdown(start - now) })
      : phase === 'running'
        ? t('ext.contests.left', { time: formatCountdown(end - now) })
        : t('ext.panel.ended');
  return (
    <div
      className="flex items-center justify-between gap-2 rounded-md border bg-muted/40 px-3 py-1.5 text-xs"
      data-testid="panel-contest-clock"
      data-phase={phase}
    >
      <span className="truncate font-medium">{contest.title}</span>
      <span className="shrink-0 tabular-nums">{text}</span>
    </div>
  );
}
