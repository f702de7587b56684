import { useTranslation } from 'react-i18next';
import { cn } from '@/shared/lib/utils';
import { percentOf } from '../lib';

/** Solved of total as a bar with the numbers beside it (HOJ's progress column and header). */
export function ProgressBar({
  ac,
  total,
  className,
  testId = 'training-progress',
}: {
  ac: number;
  total: number;
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const percent = percentOf(ac, total);
  const label = t('training.page.progress', { ac, total });
  return (
    <div className={cn('flex min-w-0 items-center gap-2', className)} data-testid={testId} data-ac={ac}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={ac}
        className="h-2 min-w-12 flex-1 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn('h-full rounded-full', percent === 100 ? 'bg-green-600' : 'bg-primary')}
          style={{ width: `${percent}%` }}
        />
      </div>
      <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
        {ac} / {total}
      </span>
    </div>
  );
}
