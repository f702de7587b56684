import { useTranslation } from 'react-i18next';
import { queuePlaceText } from '@/shared/format/queue-place';
import { cn } from '@/shared/lib/utils';

/**
 * A waiting submission's place in the judge queue and its estimated wait ("3rd in queue, about 4 s"),
 * beside its Pending tag; nothing for a submission that does not wait.
 */
export function QueuePlace({
  position,
  etaSeconds,
  className,
}: {
  position: number | null | undefined;
  etaSeconds: number | null | undefined;
  className?: string;
}) {
  const { t } = useTranslation();
  if (!position) return null;
  return (
    <span
      className={cn('text-xs whitespace-nowrap text-muted-foreground tabular-nums', className)}
      title={t('live.queueTitle')}
      data-testid="queue-place"
    >
      {queuePlaceText(t, position, etaSeconds)}
    </span>
  );
}
