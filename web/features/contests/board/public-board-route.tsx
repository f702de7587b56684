import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { apiErrorText } from '@/shared/api/error-message';
import { ContestStatus, ContestType } from '@/shared/constants/contests';
import { Page } from '@/web/app/layouts/page';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useAuth } from '@/web/lib/auth';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useServerNow } from '../contest-context';
import { isContestAdminUser } from '../lib/contest-access';
import { useOutsideInfo } from './board-api';
import { Scoreboard } from './scoreboard';

/** The public ACM / OI board of a contest with openRank (no login), at /:contest/(acm|oi)-scoreboard/:contestID. */
export function Component() {
  const { t } = useTranslation();
  const { contestID } = useParams();
  const cid = Number.parseInt(contestID ?? '', 10) || 0;
  const info = useOutsideInfo(cid);
  const user = useAuth((s) => s.userInfo);
  const [containsEnd, setContainsEnd] = useState(false);
  const contest = info.data?.contest;
  useDocumentTitle(
    contest ? `${t('contestBoard.publicTitle')} · ${contest.title}` : t('contestBoard.publicTitle'),
  );
  // server clock minus ours, from the answer's `now`
  const offsetMs = useMemo(
    () => (contest ? Date.parse(contest.now) - (info.dataUpdatedAt || Date.now()) : 0),
    [contest, info.dataUpdatedAt],
  );
  const nowMs = useServerNow(offsetMs, 10_000);

  if (info.isError) {
    return (
      <Page title={t('contestBoard.publicTitle')}>
        <p
          className="rounded-md border bg-card px-4 py-6 text-center text-muted-foreground"
          data-testid="board-closed"
        >
          {apiErrorText(info.error, t)}
        </p>
      </Page>
    );
  }
  if (!contest || !info.data) {
    return (
      <Page>
        <Skeleton className="h-96 w-full" />
      </Page>
    );
  }
  const status =
    contest.status === ContestStatus.ENDED
      ? t('contestBoard.statusEnded')
      : contest.status === ContestStatus.RUNNING
        ? t('contestBoard.statusRunning')
        : t('contestBoard.statusScheduled');
  return (
    <Page className="max-w-screen-2xl">
      <div data-testid="public-board">
        <header className="mb-4 flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <h1 className="font-semibold text-xl tracking-tight" data-testid="board-title">
            {contest.title}
          </h1>
          <span className="rounded bg-muted px-1.5 py-0.5 text-muted-foreground text-xs">
            {contest.type === ContestType.OI ? 'OI' : 'ACM'} · {status}
          </span>
          <span className="text-muted-foreground text-sm">{t('contestBoard.publicTitle')}</span>
        </header>
        <Scoreboard
          source="outside"
          contest={contest}
          problems={info.data.problemList}
          nowMs={nowMs}
          admin={isContestAdminUser(user, contest)}
          selfUid={null}
          containsEnd={containsEnd}
          onContainsEndChange={setContainsEnd}
        />
      </div>
    </Page>
  );
}
