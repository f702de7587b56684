import { ArrowRight, CalendarClock, Hourglass, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { cn } from '@/shared/lib/utils';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useAuth } from '@/web/lib/auth';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useServerNow } from '../contest-context';
import { statusAt } from '../lib/contest-clock';
import { STATUS_KEY } from '../lib/contest-labels';
import { hoursMinutes } from '../lib/format';
import { useSiteContestHome, useSiteContestId } from './site-api';

const STATUS_DOT = {
  '-1': 'bg-sky-400',
  '0': 'bg-emerald-400 animate-pulse',
  '1': 'bg-white/50',
} as const;

/** Start–end in the reader's language, one range when the browser can ("22 Nov 2026, 15:00 – 20:00"). */
function formatRange(start: string, end: string, language: string): string {
  const format = new Intl.DateTimeFormat(language.startsWith('zh') ? 'zh-CN' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    hour12: false,
  } as Intl.DateTimeFormatOptions);
  const from = new Date(start);
  const to = new Date(end);
  try {
    return format.formatRange(from, to);
  } catch {
    return `${format.format(from)} – ${format.format(to)}`;
  }
}

function Credit({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div
      className="grid min-w-0 gap-1 rounded-xl bg-white/10 px-4 py-3 text-left ring-1 ring-white/15 backdrop-blur-sm"
      data-testid={testId}
    >
      <dt className="text-white/65 text-xs uppercase tracking-wider">{label}</dt>
      <dd className="break-words font-medium text-white">{value}</dd>
    </div>
  );
}

/**
 * The contest site's home: title, subheading, the contest's time, sponsor, co-organizer and organizer
 * when set, and the join button (to the login screen, or straight into the contest when logged in).
 */
export function Component() {
  const { t, i18n } = useTranslation();
  const { contest: shortName = '' } = useParams();
  const home = useSiteContestHome(shortName);
  const cid = useSiteContestId(shortName).data;
  const loggedIn = useAuth((s) => !!s.token && !!s.userInfo);
  const username = useAuth((s) => s.userInfo?.username);
  const now = useServerNow(0, 30_000);
  useDocumentTitle(
    home.data ? `${home.data.title} · ${t('contestSite.home.title')}` : t('contestSite.home.title'),
  );
  const site = `/${encodeURIComponent(shortName)}`;

  if (home.isError)
    return (
      <div className="m-auto grid justify-items-center gap-3 p-6 text-center text-white" role="alert">
        <p data-testid="site-home-error">{t('contestSite.home.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void home.refetch()}>
          {t('contestSite.home.retry')}
        </Button>
      </div>
    );
  const c = home.data;
  if (!c)
    return (
      <div
        className="mx-auto grid w-full max-w-3xl justify-items-center gap-5 px-4 py-24"
        data-testid="site-home-loading"
      >
        <Skeleton className="h-14 w-4/5 bg-white/15" />
        <Skeleton className="h-6 w-1/2 bg-white/15" />
        <Skeleton className="h-10 w-2/3 rounded-full bg-white/15" />
      </div>
    );

  const status = statusAt(c, now);
  const [hours, minutes] = hoursMinutes(Math.round((Date.parse(c.endTime) - Date.parse(c.startTime)) / 1000));
  const credits = [
    { key: 'sponsor', value: c.sponsor },
    { key: 'coOrganizer', value: c.coOrganizer },
    { key: 'organizer', value: c.organizer },
  ].filter((x): x is { key: string; value: string } => !!x.value);
  const target = loggedIn && cid ? `${site}/${cid}` : `${site}/login`;

  return (
    <section
      className="flex flex-1 items-center px-4 py-12 text-white sm:px-8 sm:py-20"
      data-testid="site-home"
    >
      <div className="mx-auto grid w-full max-w-4xl justify-items-center gap-6 text-center sm:gap-8">
        <span
          className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 font-medium text-sm ring-1 ring-white/20 backdrop-blur-sm"
          data-testid="site-status"
        >
          <span aria-hidden className={cn('size-2 rounded-full', STATUS_DOT[String(status) as '0'])} />
          {t(STATUS_KEY[status])}
        </span>
        <div className="grid gap-3 sm:gap-4">
          <h1
            className="text-balance font-extrabold text-4xl leading-tight tracking-tight drop-shadow-lg sm:text-6xl"
            data-testid="site-title"
          >
            {c.title}
          </h1>
          {c.subheading && (
            <p
              className="mx-auto max-w-2xl text-balance text-lg text-white/85 drop-shadow sm:text-2xl"
              data-testid="site-subheading"
            >
              {c.subheading}
            </p>
          )}
        </div>
        <div
          className="flex flex-col items-center gap-x-4 gap-y-1 rounded-2xl bg-black/30 px-5 py-3 ring-1 ring-white/15 backdrop-blur-sm sm:flex-row sm:rounded-full"
          data-testid="site-time"
        >
          <span className="inline-flex items-center gap-2">
            <CalendarClock className="size-4 shrink-0 text-white/70" aria-hidden />
            <span className="sr-only">{t('contestSite.home.time')}</span>
            <span className="tabular-nums">{formatRange(c.startTime, c.endTime, i18n.language)}</span>
          </span>
          <span className="inline-flex items-center gap-2 text-sm text-white/75">
            <Hourglass className="size-3.5" aria-hidden />
            {t('contestSite.home.duration', { hours, minutes })}
          </span>
        </div>
        <div className="grid justify-items-center gap-2">
          <Button
            asChild
            size="lg"
            className="h-12 rounded-full bg-white px-8 text-base text-slate-900 shadow-xl hover:bg-white/90"
            data-testid="site-join"
          >
            <Link to={target}>
              {loggedIn ? t('contestSite.home.enterContest') : t('contestSite.home.joinContest')}
              {cid === undefined && loggedIn ? <Loader2 className="animate-spin" /> : <ArrowRight />}
            </Link>
          </Button>
          {loggedIn && username && (
            <span className="text-sm text-white/70">{t('contestSite.home.loggedInAs', { username })}</span>
          )}
        </div>
        {credits.length > 0 && (
          <dl
            className={cn(
              'grid w-full max-w-3xl gap-3',
              credits.length === 1 && 'max-w-xs',
              credits.length === 2 && 'max-w-xl sm:grid-cols-2',
              credits.length === 3 && 'sm:grid-cols-3',
            )}
            data-testid="site-credits"
          >
            {credits.map((x) => (
              <Credit
                key={x.key}
                label={t(`contestSite.home.${x.key}`)}
                value={x.value}
                testId={`site-${x.key}`}
              />
            ))}
          </dl>
        )}
      </div>
    </section>
  );
}
