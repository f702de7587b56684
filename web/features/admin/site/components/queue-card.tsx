import { Hourglass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { QueueGlance } from '@/shared/api/admin-config-types';
import { TitledCard } from '@/web/components/titled-card';
import { Duration } from './duration';

/** The judge queue at a glance: how many wait, and for how long the oldest has waited. */
export function QueueCard({ queue }: { queue: QueueGlance }) {
  const { t } = useTranslation();
  return (
    <TitledCard title={t('admin.site.queue.title')} testId="site-queue">
      <div className="flex items-start gap-3">
        <Hourglass className="mt-1 size-5 shrink-0 text-muted-foreground" aria-hidden />
        <dl className="grid gap-1 text-sm">
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-muted-foreground">{t('admin.site.queue.waiting')}</dt>
            <dd className="font-medium tabular-nums" data-testid="site-queue-waiting">
              {queue.waiting}
            </dd>
          </div>
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-muted-foreground">{t('admin.site.queue.testRuns')}</dt>
            <dd className="font-medium tabular-nums">{queue.testRunsWaiting}</dd>
          </div>
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-muted-foreground">{t('admin.site.queue.oldest')}</dt>
            <dd className="font-medium" data-testid="site-queue-oldest">
              {queue.oldestWaitingSeconds === null || queue.oldestSubmitId === null ? (
                t('admin.site.queue.none')
              ) : (
                <>
                  <Duration seconds={queue.oldestWaitingSeconds} />{' '}
                  <Link
                    className="text-primary underline underline-offset-4"
                    to={`/submission-detail/${queue.oldestSubmitId}`}
                  >
                    #{queue.oldestSubmitId}
                  </Link>
                </>
              )}
            </dd>
          </div>
        </dl>
      </div>
    </TitledCard>
  );
}
