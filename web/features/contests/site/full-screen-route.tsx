import { ArrowLeft, Minimize2 } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isNotFound } from '@/shared/api/client';
import type { ContestVO } from '@/shared/api/contest-types';
import { ContestAuth } from '@/shared/constants/contests';
import { cn } from '@/shared/lib/utils';
import { Skeleton } from '@/web/components/ui/skeleton';
import { NotFoundPage } from '@/web/features/not-found';
import {
  LoadFailed,
  markOf,
  ProblemSplit,
  ProblemStatusMark,
  StatementSkeleton,
  useDesktopSplit,
} from '@/web/features/problems';
import { useAuth } from '@/web/lib/auth';
import { readJson } from '@/web/lib/storage';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useContestAccess, useContestInfo, useContestProblems, useContestUserStatus } from '../api';
import { CountdownText } from '../components/contest-header';
import {
  ContestProblemEditor,
  ContestProblemStatement,
  useContestProblem,
} from '../components/contest-problem-parts';
import { containsEndKey, useLiveStatus, useServerNow } from '../contest-context';
import { canSubmitNow, isContestAdminUser, resultsHidden } from '../lib/contest-access';
import { LanguageToggle } from './site-header';

/** The shell's "include after-contest submissions" setting, as the shell keeps it. */
const containsEndOf = (cid: number) => readJson<boolean>(containsEndKey(cid)) === true;

/**
 * A contest problem in focus mode on a contest site. The statement
 * and the editor take the whole window, a footer lists the contest's problems (display id and the
 * caller's mark) to jump between them. There is no contest shell around it, so it loads the contest.
 */
export function Component() {
  const { contest: shortName = '', contestID = '', problemID = '' } = useParams();
  const cid = Number(contestID);
  const info = useContestInfo(Number.isInteger(cid) ? cid : 0);
  if (isNotFound(info.error)) return <NotFoundPage />;
  if (!info.data)
    return (
      <div className="grid h-dvh grid-rows-[auto_1fr] gap-4 p-4" data-testid="fs-loading">
        <Skeleton className="h-8 w-1/3" />
        {info.isError ? <LoadFailed onRetry={() => void info.refetch()} /> : <StatementSkeleton />}
      </div>
    );
  return (
    <FullScreen
      key={`${cid}`}
      contest={info.data.contest}
      offsetMs={info.data.offsetMs}
      shortName={shortName}
      problemID={problemID}
    />
  );
}

function FullScreen({
  contest,
  offsetMs,
  shortName,
  problemID,
}: {
  contest: ContestVO;
  offsetMs: number;
  shortName: string;
  problemID: string;
}) {
  const { t } = useTranslation();
  const user = useAuth((s) => s.userInfo);
  const loggedIn = !!useAuth((s) => s.token);
  const status = useLiveStatus(contest, offsetMs);
  const now = useServerNow(offsetMs);
  const admin = isContestAdminUser(user, contest);
  const registered =
    useContestAccess(contest.id, loggedIn ? (user?.uid ?? null) : null).data?.access ?? false;
  const access = admin || contest.auth === ContestAuth.PUBLIC || registered;
  const submitOpen = access && canSubmitNow(contest, status, loggedIn, admin);
  const desktop = useDesktopSplit();
  const base = `/${encodeURIComponent(shortName)}/${contest.id}`;
  const { query, workspace, confirm } = useContestProblem(
    contest,
    problemID,
    base,
    submitOpen,
    resultsHidden(contest, now, admin),
  );
  useDocumentTitle(
    query.data ? `${problemID}. ${query.data.problem.title} · ${contest.title}` : contest.title,
  );

  const statement = (
    <div className={cn('px-3 sm:px-5', desktop ? 'h-full overflow-y-auto pt-4 pb-6' : 'py-4')}>
      <ContestProblemStatement query={query} problemID={problemID} contestTitle={contest.title} />
    </div>
  );
  const editor = (
    <ContestProblemEditor
      workspace={workspace}
      submitOpen={submitOpen}
      desktop={desktop}
      noteClassName="mx-3 mt-2"
      confirm={confirm}
    />
  );

  return (
    <div className="flex h-dvh flex-col bg-background" data-testid="full-screen">
      <header className="flex h-11 shrink-0 items-center gap-2 border-b bg-card px-2 sm:gap-3 sm:px-3">
        <Link
          to={base}
          className="inline-flex shrink-0 items-center gap-1 rounded-md px-2 py-1 text-muted-foreground text-sm hover:bg-accent hover:text-foreground"
          data-testid="fs-back-contest"
          title={t('contestSite.fullScreen.backToContest')}
        >
          <ArrowLeft className="size-4" aria-hidden />
          <span className="hidden sm:inline">{t('contestSite.fullScreen.backToContest')}</span>
        </Link>
        <span className="min-w-0 flex-1 truncate font-medium text-sm" data-testid="fs-contest-title">
          {contest.title}
        </span>
        <span className="shrink-0 text-muted-foreground text-sm" data-testid="fs-countdown">
          <CountdownText startTime={contest.startTime} endTime={contest.endTime} now={now} />
        </span>
        <LanguageToggle />
        <Link
          to={`${base}/problem/${encodeURIComponent(problemID)}`}
          className="inline-flex shrink-0 items-center gap-1 rounded-md px-2 py-1 text-muted-foreground text-sm hover:bg-accent hover:text-foreground"
          data-testid="fs-exit"
          title={t('contestSite.fullScreen.exit')}
          aria-label={t('contestSite.fullScreen.exit')}
        >
          <Minimize2 className="size-4" aria-hidden />
        </Link>
      </header>
      <main className={cn('min-h-0 flex-1', !desktop && 'overflow-y-auto')}>
        <ProblemSplit statement={statement} editor={editor} desktop={desktop} className="h-full" />
      </main>
      <ProblemFooter cid={contest.id} base={base} current={problemID} />
    </div>
  );
}

/** The footer of focus mode: every problem of the contest by display id, with the caller's mark. */
function ProblemFooter({ cid, base, current }: { cid: number; base: string; current: string }) {
  const { t } = useTranslation();
  const uid = useAuth((s) => s.userInfo?.uid ?? null);
  const containsEnd = containsEndOf(cid);
  const problems = useContestProblems(cid, containsEnd);
  const pids = useMemo(() => (problems.data ?? []).map((p) => p.pid), [problems.data]);
  const statuses = useContestUserStatus(cid, uid, pids, containsEnd);
  const activeRef = useRef<HTMLAnchorElement>(null);
  // keep the open problem in view when the list scrolls sideways (a phone, many problems)
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when the open problem changes
  useEffect(() => {
    activeRef.current?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [current, problems.data]);
  return (
    <footer className="shrink-0 border-t bg-card" data-testid="fs-footer">
      <nav
        aria-label={t('contestSite.fullScreen.problemsNav')}
        className="flex items-center gap-1.5 overflow-x-auto px-2 py-2 sm:px-3"
      >
        <span className="mr-1 hidden shrink-0 font-medium text-muted-foreground text-xs uppercase tracking-wide sm:inline">
          {t('contestSite.fullScreen.problems')}
        </span>
        {problems.isPending &&
          Array.from({ length: 4 }, (_, i) => <Skeleton key={i} className="h-8 w-12 shrink-0" />)}
        {problems.data?.length === 0 && (
          <span className="text-muted-foreground text-sm">{t('contestSite.fullScreen.noProblems')}</span>
        )}
        {problems.data?.map((p) => {
          const active = p.displayId === current;
          return (
            <Link
              key={p.id}
              ref={active ? activeRef : undefined}
              to={`${base}/problem/${encodeURIComponent(p.displayId)}/full-screen`}
              title={p.displayTitle}
              aria-current={active ? 'page' : undefined}
              data-testid={`fs-problem-${p.displayId}`}
              className={cn(
                'inline-flex h-8 shrink-0 items-center gap-1 rounded-md border px-2.5 font-mono font-semibold text-sm transition-colors hover:bg-accent',
                active && 'border-primary bg-primary text-primary-foreground hover:bg-primary/90',
              )}
            >
              {p.color && (
                <span
                  aria-hidden
                  className="size-2.5 rounded-full border border-black/10"
                  style={{ backgroundColor: p.color }}
                />
              )}
              {p.displayId}
              {markOf(statuses.data?.[String(p.pid)]?.status) !== 'none' && (
                <ProblemStatusMark
                  status={statuses.data?.[String(p.pid)]?.status}
                  problemId={`fs-${p.displayId}`}
                />
              )}
            </Link>
          );
        })}
      </nav>
    </footer>
  );
}
