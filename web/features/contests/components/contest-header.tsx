import { Clock, Settings2, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ContestStatus, ContestType } from '@/shared/constants/contests';
import { cn } from '@/shared/lib/utils';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Label } from '@/web/components/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '@/web/components/ui/popover';
import { Switch } from '@/web/components/ui/switch';
import { useContestContext, useServerNow } from '../contest-context';
import { countdownAt, progressAt } from '../lib/contest-clock';
import { AUTH_KEY, STATUS_CLASS, STATUS_KEY } from '../lib/contest-labels';
import { formatContestTime } from '../lib/format';
import { ClockText, LocalTime } from './local-time';

/** Countdown wording: '-HH:MM:SS', 'Start At …', the time left, or 'Ended'. */
export function CountdownText({
  startTime,
  endTime,
  now,
}: {
  startTime: string;
  endTime: string;
  now: number;
}) {
  const { t, i18n } = useTranslation();
  const c = countdownAt({ startTime, endTime }, now);
  if (c.kind === 'startsAt')
    return (
      <LocalTime>
        {t('contestPage.countdown.startsAt', { time: formatContestTime(startTime, i18n.language) })}
      </LocalTime>
    );
  if (c.kind === 'ended') return <>{t('contestPage.countdown.ended')}</>;
  return <ClockText className="font-mono tabular-nums">{c.text}</ClockText>;
}

/** The shell's header: title, access tag, participants, type badge, times, progress, countdown, settings. */
export function ContestHeader({ onRegister }: { onRegister?: () => void }) {
  const { t, i18n } = useTranslation();
  const { contest, status, offsetMs, containsEnd, setContainsEnd, virtualRun } = useContestContext();
  const now = useServerNow(offsetMs);
  const progress = progressAt(contest, now);
  return (
    <header className="grid gap-3" data-testid="contest-header">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-2">
          <h1 className="text-xl font-semibold tracking-tight sm:text-2xl" data-testid="contest-title">
            {contest.title}
          </h1>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <Badge className={STATUS_CLASS[status]} data-testid="contest-status">
              {t(STATUS_KEY[status])}
            </Badge>
            {virtualRun && (
              <Badge
                variant="outline"
                className="border-violet-400 text-violet-700 dark:text-violet-300"
                data-testid="contest-virtual"
              >
                {t('virtual.badge')}
              </Badge>
            )}
            <Badge variant="outline" data-testid="contest-auth">
              {t(AUTH_KEY[contest.auth])}
            </Badge>
            <Badge variant="secondary" data-testid="contest-type">
              {contest.type === ContestType.OI ? 'OI' : 'ACM'}
            </Badge>
            <span
              className="inline-flex items-center gap-1 text-muted-foreground"
              data-testid="contest-count"
            >
              <Users className="size-4" aria-hidden />
              {t('contestPage.participants', { count: contest.count })}
            </span>
          </div>
        </div>
        <div className="flex items-center gap-2">
          {onRegister && (
            <Button size="sm" onClick={onRegister} data-testid="contest-register">
              {t('contestPage.entry.register')}
            </Button>
          )}
          {contest.allowEndSubmit && (
            <Popover>
              <PopoverTrigger asChild>
                <Button
                  variant="outline"
                  size="icon-sm"
                  aria-label={t('contestPage.settings.title')}
                  data-testid="contest-settings"
                >
                  <Settings2 />
                </Button>
              </PopoverTrigger>
              <PopoverContent align="end" className="w-72">
                <div className="flex items-center justify-between gap-3">
                  <Label htmlFor="contains-end">{t('contestPage.settings.containsEnd')}</Label>
                  <Switch
                    id="contains-end"
                    checked={containsEnd}
                    onCheckedChange={setContainsEnd}
                    data-testid="contains-end"
                  />
                </div>
              </PopoverContent>
            </Popover>
          )}
        </div>
      </div>
      <div className="grid gap-1.5">
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span data-testid="contest-start">
            {t('contestPage.startTime')}: {formatContestTime(contest.startTime, i18n.language)}
          </span>
          <span
            className="inline-flex items-center gap-1 font-medium text-foreground"
            data-testid="contest-countdown"
          >
            <Clock className="size-4" aria-hidden />
            <CountdownText startTime={contest.startTime} endTime={contest.endTime} now={now} />
          </span>
          <span data-testid="contest-end">
            {t('contestPage.endTime')}: {formatContestTime(contest.endTime, i18n.language)}
          </span>
        </div>
        <div
          className="h-2 overflow-hidden rounded-full bg-muted"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          aria-label={t('contestPage.progress')}
          data-testid="contest-progress"
        >
          <div
            className={cn(
              'h-full rounded-full transition-[width] duration-1000',
              status === ContestStatus.ENDED ? 'bg-muted-foreground/50' : 'bg-primary',
            )}
            style={{ width: `${progress}%` }}
          />
        </div>
      </div>
    </header>
  );
}
