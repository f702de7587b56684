import { useTranslation } from 'react-i18next';
import { useAuth } from '@/web/lib/auth';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useContestProblems } from '../api';
import { useContestContext, useServerNow } from '../contest-context';
import { Scoreboard } from './scoreboard';

/** The Rank tab inside the contest shell: the ACM or OI board with the caller's own row pinned on top. */
export function Component() {
  const { t } = useTranslation();
  const { contest, offsetMs, isAdmin, base, containsEnd, setContainsEnd, virtualRun } = useContestContext();
  useDocumentTitle(`${t('contestBoard.title')} · ${contest.title}`);
  const user = useAuth((s) => s.userInfo);
  const problems = useContestProblems(contest.id, contest.allowEndSubmit && containsEnd);
  const nowMs = useServerNow(offsetMs, 10_000);
  return (
    <section data-testid="contest-rank">
      <Scoreboard
        source="inside"
        contest={contest}
        problems={problems.data ?? []}
        nowMs={nowMs}
        admin={isAdmin}
        selfUid={user?.uid ?? null}
        virtualUid={virtualRun ? (user?.uid ?? null) : null}
        containsEnd={containsEnd}
        onContainsEndChange={setContainsEnd}
        problemHref={(displayId) => `${base}/problem/${encodeURIComponent(displayId)}`}
      />
    </section>
  );
}
