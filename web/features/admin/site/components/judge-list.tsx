import type * as React from 'react';
import { useTranslation } from 'react-i18next';
import type { JudgeServer } from '@/shared/api/admin-config-types';
import { cn } from '@/shared/lib/utils';
import { TitledCard } from '@/web/components/titled-card';
import { Badge } from '@/web/components/ui/badge';
import { secondsSince } from '../lib/format';
import { durationText } from './duration';

/**
 * Every judge that has talked to this server, one small card each (they sit side by side on a
 * wide screen and stack on a phone).
 */
export function JudgeList({ judges, now }: { judges: JudgeServer[]; now: number }) {
  const { t } = useTranslation();
  return (
    <TitledCard title={t('admin.site.judge.judges')} testId="site-judges">
      {judges.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('admin.site.judge.noJudges')}</p>
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2">
          {judges.map((judge) => (
            <li
              key={judge.name}
              className="grid gap-2 rounded-md border p-3 text-sm"
              data-testid={`site-judge-${judge.kind}`}
              data-judge={judge.name}
            >
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium break-all">{judge.name}</span>
                <Badge variant="outline">{t(`admin.site.judge.kind.${judge.kind}`)}</Badge>
                <Badge
                  variant="outline"
                  data-testid="site-judge-status"
                  className={cn(
                    judge.status === 'online'
                      ? 'border-green-600/40 text-green-700 dark:text-green-400'
                      : 'text-muted-foreground',
                  )}
                >
                  <span
                    aria-hidden
                    className={cn(
                      'size-2 rounded-full',
                      judge.status === 'online' ? 'bg-green-600' : 'bg-muted-foreground',
                    )}
                  />
                  {t(`admin.site.judge.status.${judge.status}`)}
                </Badge>
              </div>
              <dl className="grid gap-1 sm:grid-cols-2">
                <Fact label={t('admin.site.judge.lastSeen')}>
                  {t('admin.site.judge.ago', { when: durationText(t, secondsSince(judge.lastSeen, now)) })}
                </Fact>
                <Fact label={t('admin.site.judge.workers')}>
                  {judge.workers ?? t('admin.site.judge.unknown')}
                </Fact>
                <Fact label={t('admin.site.judge.casesJudged')} testId="site-judge-cases">
                  {judge.casesJudged}
                </Fact>
                <Fact label={t('admin.site.judge.languages')} wide>
                  {judge.languages ? judge.languages.join(', ') || '--' : t('admin.site.judge.anyLanguage')}
                </Fact>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </TitledCard>
  );
}

function Fact({
  label,
  children,
  wide,
  testId,
}: {
  label: string;
  children: React.ReactNode;
  wide?: boolean;
  testId?: string;
}) {
  return (
    <div className={cn('flex flex-wrap gap-x-2', wide && 'sm:col-span-2')}>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium break-words" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
