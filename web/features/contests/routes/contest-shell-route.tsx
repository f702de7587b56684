import { LockKeyhole } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useParams } from 'react-router';
import { isNotFound } from '@/shared/api/client';
import { ContestAuth, ContestStatus } from '@/shared/constants/contests';
import { Page } from '@/web/app/layouts/page';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useWebsiteConfig } from '@/web/features/auth';
import { NotFoundPage } from '@/web/features/not-found';
import { useAuth } from '@/web/lib/auth';
import { openLoginModal } from '@/web/lib/login-modal';
import { readJson, writeJson } from '@/web/lib/storage';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useContestAccess, useContestInfo } from '../api';
import { useClarificationUnread } from '../clarifications/api';
import { ContestHeader } from '../components/contest-header';
import { ContestTabs } from '../components/contest-tabs';
import { EndWarning } from '../components/end-warning';
import { EntryDialog } from '../components/entry-dialog';
import { ContestContext, type ContestContextValue, containsEndKey, useServerNow } from '../contest-context';
import { isContestAdminUser, isSuperAdmin, needsRegistration, visibleTabs } from '../lib/contest-access';
import { statusAt } from '../lib/contest-clock';
import { ContestAnnouncementPopup } from '../ops/announcement-popup';
import { useVirtualState } from '../virtual/api';
import { contestOnVirtualClock, runGoing } from '../virtual/virtual-clock';

/** Contest routes need a login (only the token's presence is checked here; the server checks the rest). */
function LoginRequired() {
  const { t } = useTranslation();
  return (
    <div className="grid justify-items-center gap-3 py-16 text-center" data-testid="contest-login-required">
      <LockKeyhole className="size-8 text-muted-foreground" aria-hidden />
      {/* the page's only heading: what stands between the visitor and the contest */}
      <h1 className="text-muted-foreground">{t('contestPage.loginFirst')}</h1>
      <Button onClick={() => openLoginModal()} data-testid="contest-login">
        {t('common.login')}
      </Button>
    </div>
  );
}

/** A body in place of the tab when the caller may not read the contest yet. */
function Blocked({ message, action }: { message: string; action?: React.ReactNode }) {
  return (
    <div className="grid justify-items-center gap-3 py-14 text-center" data-testid="contest-blocked">
      <LockKeyhole className="size-8 text-muted-foreground" aria-hidden />
      <p className="max-w-md text-muted-foreground">{message}</p>
      {action}
    </div>
  );
}

/**
 * The contest shell: header with times, progress and countdown, the tabs each
 * role may see, the entry dialog and register rules, the 15-minute warning, the unread-announcement popup,
 * and the tab's screen. On a contest site (/SHORT/ID) links stay under the short name.
 */
export function Component() {
  const { t } = useTranslation();
  const params = useParams();
  const cid = Number(params.contestID);
  const token = useAuth((s) => s.token);
  const user = useAuth((s) => s.userInfo);
  const info = useContestInfo(token ? cid : 0);
  const access = useContestAccess(cid, token ? (user?.uid ?? null) : null);
  // an ended contest may be taken part in virtually: the caller's run, if any, puts it on their clock
  const virtual = useVirtualState(
    cid,
    token ? (user?.uid ?? null) : null,
    info.data?.contest.status === ContestStatus.ENDED,
  );
  const [entryOpen, setEntryOpen] = useState(false);
  const [containsEnd, setContainsEndState] = useState(() => readJson<boolean>(containsEndKey(cid)) === true);
  const location = useLocation();
  useDocumentTitle(info.data?.contest.title ?? null);

  const contest = info.data?.contest;
  const admin = !!contest && isContestAdminUser(user, contest);
  const registered = access.data?.access ?? false;
  const mustRegister = !!contest && needsRegistration(contest, registered, admin);
  const privateLocked = mustRegister && contest?.auth === ContestAuth.PRIVATE;

  // a private contest opens with its entry dialog
  useEffect(() => {
    if (privateLocked && access.isSuccess) setEntryOpen(true);
  }, [privateLocked, access.isSuccess]);

  const base = params.contest ? `/${params.contest}/${cid}` : `/contest/${cid}`;
  if (!token)
    return (
      <Page>
        <LoginRequired />
      </Page>
    );
  if (info.isError) {
    if (isNotFound(info.error)) return <NotFoundPage />;
    return (
      <Page>
        <Blocked
          message={info.error.message}
          action={<Button onClick={() => void info.refetch()}>{t('common.refresh')}</Button>}
        />
      </Page>
    );
  }
  if (!info.data || !contest) {
    return (
      <Page>
        <div className="grid gap-3" data-testid="contest-loading">
          <Skeleton className="h-8 w-1/2" />
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-2 w-full" />
        </div>
      </Page>
    );
  }
  return (
    <ShellBody
      value={{
        contest,
        status: ContestStatus.SCHEDULED,
        offsetMs: info.data.offsetMs,
        isAdmin: admin,
        isSuperAdmin: isSuperAdmin(user),
        access: admin || contest.auth === ContestAuth.PUBLIC || registered,
        base,
        containsEnd,
        setContainsEnd: (v) => {
          writeJson(containsEndKey(cid), v);
          setContainsEndState(v);
        },
        virtualState: virtual.data,
      }}
      onRegister={mustRegister ? () => setEntryOpen(true) : undefined}
      privateLocked={privateLocked}
      atOverview={location.pathname.replace(/\/$/, '') === base}
      entry={<EntryDialog contest={contest} open={entryOpen} onOpenChange={setEntryOpen} />}
    />
  );
}

function ShellBody({
  value,
  onRegister,
  privateLocked,
  atOverview,
  entry,
}: {
  value: ContestContextValue;
  onRegister?: () => void;
  privateLocked: boolean;
  atOverview: boolean;
  entry: React.ReactNode;
}) {
  const { t } = useTranslation();
  const now = useServerNow(value.offsetMs);
  const run = value.virtualState?.run;
  const going = runGoing(run, now);
  const contest = useMemo(
    () => (going && run ? contestOnVirtualClock(value.contest, run) : value.contest),
    [going, run, value.contest],
  );
  const status = statusAt(contest, now);
  // the Comment tab only while the website opens contest comment areas
  const commentsOpen = useWebsiteConfig().data?.openContestComment === true;
  const ctx = useMemo(
    () => ({
      ...value,
      contest,
      status,
      access: value.access || going,
      virtualRun: going ? (run ?? null) : null,
    }),
    [value, contest, status, going, run],
  );
  const tabs = visibleTabs(value.contest, {
    admin: value.isAdmin,
    superAdmin: value.isSuperAdmin,
    commentsOpen,
  });
  const notStarted = status === ContestStatus.SCHEDULED && !value.isAdmin;
  // the Clarifications tab counts unread answers; for the contest's admins, the questions waiting
  const clarifications = useClarificationUnread(value.contest.id, !notStarted && !privateLocked).data;
  const waiting = value.isAdmin ? (clarifications?.unanswered ?? 0) : (clarifications?.count ?? 0);
  const badges = {
    clarifications: {
      count: waiting,
      label: t(value.isAdmin ? 'clarification.waitingBadge' : 'clarification.unreadBadge', {
        count: waiting,
      }),
    },
  };
  let body: React.ReactNode = <Outlet />;
  if (privateLocked)
    body = (
      <Blocked
        message={t('contest.registerFirst')}
        action={
          <Button onClick={onRegister} data-testid="contest-blocked-register">
            {t('contestPage.entry.register')}
          </Button>
        }
      />
    );
  else if (notStarted && !atOverview) body = <Blocked message={t('contest.notStarted')} />;
  return (
    <ContestContext.Provider value={ctx}>
      <Page className="grid gap-4">
        <ContestHeader onRegister={onRegister} />
        <EndWarning />
        <ContestTabs base={value.base} tabs={tabs} badges={badges} />
        <div className="min-w-0" data-testid="contest-body">
          {body}
        </div>
      </Page>
      {value.access && <ContestAnnouncementPopup />}
      {entry}
    </ContestContext.Provider>
  );
}
