import { BookOpenText, CalendarClock, Send, Trophy, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useDashboardInfo, usePreviousSession } from './api';
import { PreviousLogin } from './components/previous-login';
import { QueueCard } from './components/queue-card';
import { RecentLogins } from './components/recent-logins';
import { StatTile } from './components/stat-tile';

/**
 * The console's first screen for root and admins: the site's counts, the judge queue, the
 * caller's previous login and the site's latest logins, read again every 30 s while open.
 */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.menu.dashboard'));
  const info = useDashboardInfo();
  const session = usePreviousSession();

  if (!info.data) return <Skeleton className="h-96 w-full" />;
  const d = info.data;
  // "today" is the server's UTC day; say which day that is, as a local reader may be past midnight already
  const utcDay = d.todayFrom.slice(0, 10);
  return (
    <div className="grid gap-4" data-testid="site-dashboard">
      <h2 className="sr-only">{t('admin.menu.dashboard')}</h2>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <StatTile
          icon={Users}
          label={t('admin.site.dashboard.users')}
          value={d.userNum}
          testId="site-stat-users"
        />
        <StatTile
          icon={BookOpenText}
          label={t('admin.site.dashboard.problems')}
          value={d.problemNum}
          testId="site-stat-problems"
        />
        <StatTile
          icon={Trophy}
          label={t('admin.site.dashboard.contests')}
          value={d.contestNum}
          testId="site-stat-contests"
        />
        <StatTile
          icon={CalendarClock}
          label={t('admin.site.dashboard.recentContests')}
          value={d.recentContestNum}
          note={t('admin.site.dashboard.recentContestsNote')}
          testId="site-stat-recent-contests"
        />
        <StatTile
          icon={Send}
          label={t('admin.site.dashboard.todaySubmissions')}
          value={d.todayJudgeNum}
          note={t('admin.site.dashboard.todayNote', { day: utcDay })}
          testId="site-stat-today"
          // an odd tile out on a phone's two columns: let it take the whole row
          className="col-span-2 lg:col-span-1"
        />
      </div>
      <div className="grid items-start gap-4 md:grid-cols-2">
        <QueueCard queue={d.queue} />
        <PreviousLogin session={session.data} />
      </div>
      <RecentLogins logins={d.recentLogins} />
    </div>
  );
}
