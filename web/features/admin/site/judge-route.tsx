import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useJudgeServiceInfo, useServiceInfo } from './api';
import { JudgeList } from './components/judge-list';
import { QueueCard } from './components/queue-card';
import { ServerCard } from './components/server-card';

/** Root's view of the judges (online or not, what each judged), the queue and this server, read again every 10 s. */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.menu.judge'));
  const judges = useJudgeServiceInfo();
  const service = useServiceInfo();

  if (!judges.data) return <Skeleton className="h-96 w-full" />;
  return (
    <div className="grid gap-4" data-testid="site-judge-screen">
      <JudgeList judges={judges.data.judges} now={judges.dataUpdatedAt} />
      <p className="text-xs text-muted-foreground">
        {t('admin.site.judge.offlineHint', { seconds: judges.data.offlineAfterSeconds })}
      </p>
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <QueueCard queue={judges.data.queue} />
        {service.data ? <ServerCard info={service.data} /> : <Skeleton className="h-64 w-full" />}
      </div>
    </div>
  );
}
