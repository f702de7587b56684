import { Clock, Globe, GraduationCap, Settings } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isNotFound } from '@/shared/api/client';
import { apiErrorText } from '@/shared/api/error-message';
import type { UserHome, UserHomeProblem } from '@/shared/api/profile-types';
import { formatDateTime } from '@/shared/format';
import { Page } from '@/web/app/layouts/page';
import { readableTextColor } from '@/web/components/lib/color';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { UserAvatar } from '@/web/components/user-avatar';
import { DifficultyBadge } from '@/web/features/problems';
import { useAuth } from '@/web/lib/auth';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { type UserRef, useCalendarHeatmap, useUserHome } from '../api';
import { LoginNeeded } from '../components/login-needed';

/** The calendar library loads only with this page (and after its first paint). */
const SubmissionHeatmap = lazy(() => import('../components/submission-heatmap'));

function GitHubIcon() {
  return (
    <svg viewBox="0 0 16 16" aria-hidden className="size-4 fill-current">
      <path d="M8 0C3.58 0 0 3.58 0 8c0 3.54 2.29 6.53 5.47 7.59.4.07.55-.17.55-.38 0-.19-.01-.82-.01-1.49-2.01.37-2.53-.49-2.69-.94-.09-.23-.48-.94-.82-1.13-.28-.15-.68-.52-.01-.53.63-.01 1.08.58 1.23.82.72 1.21 1.87.87 2.33.66.07-.52.28-.87.51-1.07-1.78-.2-3.64-.89-3.64-3.95 0-.87.31-1.59.82-2.15-.08-.2-.36-1.02.08-2.12 0 0 .67-.21 2.2.82.64-.18 1.32-.27 2-.27.68 0 1.36.09 2 .27 1.53-1.04 2.2-.82 2.2-.82.44 1.1.16 1.92.08 2.12.51.56.82 1.27.82 2.15 0 3.07-1.87 3.75-3.65 3.95.29.25.54.73.54 1.48 0 1.07-.01 1.93-.01 2.2 0 .21.15.46.55.38A8.013 8.013 0 0016 8c0-4.42-3.58-8-8-8z" />
    </svg>
  );
}

function ExternalLink({ href, icon, label }: { href: string; icon: ReactNode; label: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="inline-flex max-w-full items-center gap-1.5 text-sm text-primary hover:underline"
      title={href}
    >
      {icon}
      <span className="truncate">{label}</span>
    </a>
  );
}

function Stat({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div className="rounded-lg border bg-card px-4 py-3 text-center">
      <div className="text-2xl font-semibold tabular-nums" data-testid={testId}>
        {value}
      </div>
      <div className="text-xs text-muted-foreground">{label}</div>
    </div>
  );
}

function ProblemLinks({
  problems,
  testId,
  tone,
}: {
  problems: UserHomeProblem[];
  testId: string;
  tone: 'solved' | 'tried';
}) {
  return (
    <ul className="flex flex-wrap gap-1.5" data-testid={testId}>
      {problems.map((p) => (
        <li key={p.pid}>
          <Link
            to={`/problem/${encodeURIComponent(p.problemId)}`}
            title={p.title}
            className={
              tone === 'solved'
                ? 'inline-flex rounded-md bg-emerald-50 px-2 py-0.5 text-sm font-medium text-emerald-800 hover:underline dark:bg-emerald-950 dark:text-emerald-200'
                : 'inline-flex rounded-md bg-amber-50 px-2 py-0.5 text-sm font-medium text-amber-800 hover:underline dark:bg-amber-950 dark:text-amber-200'
            }
          >
            {p.problemId}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function ProfileCard({ home, own }: { home: UserHome; own: boolean }) {
  const { t } = useTranslation();
  const displayName = home.nickname || home.username;
  return (
    <Card data-testid="user-home-profile">
      <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <UserAvatar
          src={home.avatar}
          name={home.username}
          alt={t('profile.home.avatarOf', { name: home.username })}
          className="size-20 text-3xl sm:size-24"
          data-testid="user-home-avatar"
        />
        <div className="grid min-w-0 flex-1 gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-xl font-semibold tracking-tight break-all" data-testid="user-home-username">
              {home.username}
            </h1>
            {home.titleName && (
              <span
                className="rounded-md px-2 py-0.5 text-xs font-medium"
                style={{
                  backgroundColor: home.titleColor || '#64748b',
                  color: readableTextColor(home.titleColor || '#64748b'),
                }}
                data-testid="user-home-title"
              >
                {home.titleName}
              </span>
            )}
            {own && (
              <Button asChild variant="outline" size="sm" className="ml-auto">
                <Link to="/setting" data-testid="user-home-settings">
                  <Settings aria-hidden />
                  {t('profile.home.editSettings')}
                </Link>
              </Button>
            )}
          </div>
          {home.nickname && displayName !== home.username && (
            <p className="text-muted-foreground" data-testid="user-home-nickname">
              {home.nickname}
            </p>
          )}
          {home.school && (
            <p className="flex items-center gap-1.5 text-sm" data-testid="user-home-school">
              <GraduationCap className="size-4 text-muted-foreground" aria-hidden />
              {home.school}
            </p>
          )}
          {home.signature && (
            <p className="whitespace-pre-wrap break-words text-sm" data-testid="user-home-signature">
              {home.signature}
            </p>
          )}
          {(home.github || home.blog) && (
            <div className="flex flex-wrap gap-x-4 gap-y-1">
              {home.github && (
                <ExternalLink href={home.github} icon={<GitHubIcon />} label={t('profile.settings.github')} />
              )}
              {home.blog && (
                <ExternalLink
                  href={home.blog}
                  icon={<Globe className="size-4" />}
                  label={t('profile.settings.blog')}
                />
              )}
            </div>
          )}
          <p
            className="flex items-center gap-1.5 text-xs text-muted-foreground"
            data-testid="user-home-login"
          >
            <Clock className="size-3.5" aria-hidden />
            {home.recentLoginTime
              ? t('profile.home.recentLogin', { time: formatDateTime(home.recentLoginTime) })
              : t('profile.home.neverLoggedIn')}
          </p>
        </div>
      </CardContent>
    </Card>
  );
}

function HeatmapCard({ user }: { user: UserRef }) {
  const { t } = useTranslation();
  const heatmap = useCalendarHeatmap(user);
  const loading = <Skeleton className="h-36 w-full" />;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('profile.home.heatmapTitle')}</CardTitle>
      </CardHeader>
      <CardContent>
        {heatmap.data ? (
          <Suspense fallback={loading}>{<SubmissionHeatmap data={heatmap.data} />}</Suspense>
        ) : (
          loading
        )}
      </CardContent>
    </Card>
  );
}

function SolvedCard({ home }: { home: UserHome }) {
  const { t } = useTranslation();
  const levels = Object.keys(home.solvedGroupByDifficulty)
    .map(Number)
    .sort((a, b) => a - b);
  const solved = levels.flatMap((level) => home.solvedGroupByDifficulty[String(level)] ?? []);
  solved.sort((a, b) => a.problemId.length - b.problemId.length || a.problemId.localeCompare(b.problemId));
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('profile.home.solvedProblems')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {solved.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('profile.home.noSolved')}</p>
        ) : (
          <>
            <ProblemLinks problems={solved} testId="user-home-solved" tone="solved" />
            <div className="grid gap-2">
              <h3 className="text-sm font-medium">{t('profile.home.byDifficulty')}</h3>
              <ul className="flex flex-wrap gap-3" data-testid="user-home-difficulty">
                {levels.map((level) => (
                  <li key={level} className="flex items-center gap-1.5 text-sm" data-level={level}>
                    <DifficultyBadge level={level} />
                    <span className="tabular-nums">
                      {home.solvedGroupByDifficulty[String(level)]?.length ?? 0}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function AttemptedCard({ home }: { home: UserHome }) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('profile.home.attemptedProblems')}</CardTitle>
      </CardHeader>
      <CardContent>
        {home.attemptedList.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('profile.home.noAttempted')}</p>
        ) : (
          <ProblemLinks problems={home.attemptedList} testId="user-home-attempted" tone="tried" />
        )}
      </CardContent>
    </Card>
  );
}

function HomeSkeleton() {
  return (
    <div className="grid gap-4" data-testid="user-home-loading">
      <Skeleton className="h-36 w-full" />
      <Skeleton className="h-20 w-full" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

/** /user-home?uid=&username=: a user's profile, counts, problems and a year of submissions. */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const me = useAuth((s) => s.userInfo);
  const token = useAuth((s) => s.token);
  const uid = params.get('uid')?.trim() || undefined;
  const username = params.get('username')?.trim() || undefined;
  // without a query, the logged-in user's own home (as HOJ)
  const user: UserRef | null = uid || username ? { uid, username } : me && token ? { uid: me.uid } : null;
  const home = useUserHome(user);
  useDocumentTitle(
    home.data ? t('profile.home.title', { name: home.data.username }) : t('profile.nav.myHome'),
  );

  if (!user) {
    return (
      <Page>
        <LoginNeeded testId="user-home-login-needed">
          <h1>{t('profile.home.loginToSee')}</h1>
        </LoginNeeded>
      </Page>
    );
  }
  if (home.isError) {
    return (
      <Page>
        <Card className="mx-auto max-w-md" data-testid="user-home-error">
          <CardContent className="text-center">
            {isNotFound(home.error) ? t('profile.home.notFound') : apiErrorText(home.error, t)}
          </CardContent>
        </Card>
      </Page>
    );
  }
  const data = home.data;
  const own = !!data && !!me && !!token && me.uid === data.uid;
  return (
    <Page className="max-w-screen-lg">
      {!data ? (
        <HomeSkeleton />
      ) : (
        <div className="grid gap-4" data-testid="user-home">
          <ProfileCard home={data} own={own} />
          <div className="grid grid-cols-3 gap-3">
            <Stat label={t('profile.home.submissions')} value={data.total} testId="user-home-total" />
            <Stat
              label={t('profile.home.solved')}
              value={data.solvedList.length}
              testId="user-home-solved-count"
            />
            <Stat
              label={t('profile.home.attempted')}
              value={data.attemptedList.length}
              testId="user-home-attempted-count"
            />
          </div>
          <HeatmapCard user={{ uid: data.uid }} />
          <div className="grid gap-4 md:grid-cols-2">
            <SolvedCard home={data} />
            <AttemptedCard home={data} />
          </div>
        </div>
      )}
    </Page>
  );
}
