import { ListChecks, Medal, SquareCode } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '@/web/app/layouts/page';
import { Button } from '@/web/components/ui/button';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { AnnouncementList } from './announcement-list';
import { HomeCarousel } from './components/home-carousel';
import { RecentContests } from './components/recent-contests';
import { RecentProblems } from './components/recent-problems';
import { SubmissionChart } from './components/submission-chart';
import { WeekLeaders } from './components/week-leaders';

/**
 * The home page (HOJ's / and /home): a welcome with the carousel, the announcements, the week's
 * submissions and the latest problems; beside them (below on a phone) the recent contests and the
 * week's leaders.
 */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('web.nav.home'));
  return (
    <Page>
      <section className="flex flex-col items-start gap-3 pb-5 sm:pb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('web.home.title')}</h1>
        <p className="max-w-2xl text-muted-foreground">{t('web.home.intro')}</p>
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <Link to="/problem">
              <SquareCode />
              {t('web.home.goProblems')}
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/status">
              <ListChecks />
              {t('web.home.goStatus')}
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/acm-rank">
              <Medal />
              {t('home.goRank')}
            </Link>
          </Button>
        </div>
      </section>
      <div className="grid min-w-0 gap-4 lg:grid-cols-3">
        <div className="grid min-w-0 content-start gap-4 lg:col-span-2">
          <HomeCarousel />
          <AnnouncementList />
          <SubmissionChart />
          <RecentProblems />
        </div>
        <div className="grid min-w-0 content-start gap-4">
          <RecentContests />
          <WeekLeaders />
        </div>
      </div>
    </Page>
  );
}
