import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ContestVO } from '@/shared/api/contest-types';
import { ContestType } from '@/shared/constants/contests';
import { Badge } from '@/web/components/ui/badge';
import { AUTH_KEY, STATUS_CLASS, STATUS_KEY } from '../lib/contest-labels';
import { formatContestTime, hoursMinutes } from '../lib/format';
import { CountdownText } from './contest-header';
import { LocalTime } from './local-time';

/** A contest in a list (the site's, a group's): title to the contest, status, type, access, times, countdown. */
export function ContestCard({ contest, now }: { contest: ContestVO; now: number }) {
  const { t, i18n } = useTranslation();
  const [h, m] = hoursMinutes(contest.duration);
  return (
    <li
      className="grid gap-2 rounded-lg border p-4 transition-colors hover:bg-muted/30"
      data-testid="contest-row"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Link
          to={`/contest/${contest.id}`}
          className="text-base font-semibold hover:underline"
          data-testid="contest-link"
        >
          {contest.title}
        </Link>
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge className={STATUS_CLASS[contest.status]}>{t(STATUS_KEY[contest.status])}</Badge>
          <Badge variant="secondary">{contest.type === ContestType.OI ? 'OI' : 'ACM'}</Badge>
          <Badge variant="outline">{t(AUTH_KEY[contest.auth])}</Badge>
        </div>
      </div>
      <div className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted-foreground">
        <LocalTime>{formatContestTime(contest.startTime, i18n.language)}</LocalTime>
        <span>{t('contestPage.list.duration', { hours: h, minutes: m })}</span>
        <span>{t('contestPage.participants', { count: contest.count })}</span>
        <span className="font-medium text-foreground" data-testid="contest-row-countdown">
          <CountdownText startTime={contest.startTime} endTime={contest.endTime} now={now} />
        </span>
      </div>
    </li>
  );
}
