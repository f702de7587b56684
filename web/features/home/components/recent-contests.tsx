import { CalendarClock, Clock, Trophy, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ContestVO } from '@/shared/api/contest-types';
import { Badge } from '@/web/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { AUTH_KEY, STATUS_CLASS, STATUS_KEY, TYPE_LABEL } from '@/web/features/contests';
import { useRecentContests } from '../api';
import { monthDayTime } from './time-text';

function ContestItem({ contest }: { contest: ContestVO }) {
  const { t } = useTranslation();
  const minutes = Math.round(contest.duration / 60);
  return (
    <li className="grid gap-2 rounded-lg border p-3" data-testid="home-contest" data-status={contest.status}>
      <div className="flex items-start justify-between gap-2">
        <Link
          to={`/contest/${contest.id}`}
          className="min-w-0 font-medium break-words hover:underline"
          data-testid={`home-contest-link-${contest.id}`}
        >
          {contest.title}
        </Link>
        <Badge className={STATUS_CLASS[contest.status]}>{t(STATUS_KEY[contest.status])}</Badge>
      </div>
      <div className="flex flex-wrap items-center gap-1.5">
        <Badge variant="secondary">{TYPE_LABEL[contest.type]}</Badge>
        <Badge variant="outline">{t(AUTH_KEY[contest.auth])}</Badge>
      </div>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        <li className="flex items-center gap-1">
          <CalendarClock className="size-3.5" aria-hidden />
          <span className="sr-only">{t('home.contestStart')}</span>
          {monthDayTime(contest.startTime)}
        </li>
        <li className="flex items-center gap-1">
          <Clock className="size-3.5" aria-hidden />
          {t('home.duration', { hours: Math.floor(minutes / 60), minutes: minutes % 60 })}
        </li>
        <li className="flex items-center gap-1">
          <Users className="size-3.5" aria-hidden />
          {t('home.participants', { count: contest.count })}
        </li>
      </ul>
    </li>
  );
}

/** HOJ's recent contests: those not ended that start within two weeks, running and upcoming alike. */
export function RecentContests() {
  const { t } = useTranslation();
  const contests = useRecentContests();
  return (
    <Card className="min-w-0" data-testid="home-contests">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle className="flex items-center gap-2">
          <Trophy className="size-5 text-primary" aria-hidden />
          {t('home.recentContests')}
        </CardTitle>
        <Link to="/contest" className="text-sm text-primary hover:underline">
          {t('home.allContests')}
        </Link>
      </CardHeader>
      <CardContent>
        {contests.isPending && <Skeleton className="h-24 w-full" />}
        {contests.data?.length === 0 && (
          <p className="text-sm text-muted-foreground" data-testid="home-contests-empty">
            {t('home.noContests')}
          </p>
        )}
        {!!contests.data?.length && (
          <ul className="grid gap-2">
            {contests.data.map((c) => (
              <ContestItem key={c.id} contest={c} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
