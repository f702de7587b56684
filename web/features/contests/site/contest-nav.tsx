import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { ContestStatus } from '@/shared/constants/contests';
import { cn } from '@/shared/lib/utils';
import { useAuth } from '@/web/lib/auth';
import { useContestInfo } from '../api';
import { CountdownText } from '../components/contest-header';
import { useServerNow } from '../contest-context';
import { isContestAdminUser } from '../lib/contest-access';
import { statusAt } from '../lib/contest-clock';

/**
 * The top navigation of a contest site: Contest Home, Problem List, own submissions, Rank and
 * Announcements, and a countdown tag. A scheduled or ended contest disables the menu for non-admins
 * (the contest's own pages still say why when opened).
 */
export function SiteContestNav({ shortName, cid }: { shortName: string; cid: number }) {
  const { t } = useTranslation();
  const user = useAuth((s) => s.userInfo);
  const info = useContestInfo(cid);
  const now = useServerNow(info.data?.offsetMs ?? 0);
  const contest = info.data?.contest;
  if (!contest) return null;
  const status = statusAt(contest, now);
  const enabled = status === ContestStatus.RUNNING || isContestAdminUser(user, contest);
  const base = `/${encodeURIComponent(shortName)}/${cid}`;
  const items = [
    { to: `/${encodeURIComponent(shortName)}`, key: 'home', end: true },
    { to: `${base}/problems`, key: 'problems', end: false },
    { to: `${base}/submissions?onlyMine=true`, key: 'mine', end: false },
    { to: `${base}/rank`, key: 'rank', end: false },
    { to: `${base}/announcements`, key: 'announcements', end: false },
  ];
  return (
    <nav
      aria-label={t('contestSite.nav.label')}
      className="hidden shrink-0 items-center gap-1 md:flex"
      data-testid="site-contest-nav"
    >
      {items.map((item) =>
        enabled || item.key === 'home' ? (
          <NavLink
            key={item.key}
            to={item.to}
            end={item.end}
            className={({ isActive }) =>
              cn(
                'shrink-0 rounded-md px-2.5 py-1.5 text-sm font-medium text-white/80 transition-colors hover:bg-white/10 hover:text-white',
                isActive && 'bg-white/15 text-white',
              )
            }
            data-testid={`site-nav-${item.key}`}
          >
            {t(`contestSite.nav.${item.key}`)}
          </NavLink>
        ) : (
          <span
            key={item.key}
            aria-disabled="true"
            className="shrink-0 cursor-not-allowed px-2.5 py-1.5 text-sm font-medium text-white/40"
            data-testid={`site-nav-${item.key}`}
          >
            {t(`contestSite.nav.${item.key}`)}
          </span>
        ),
      )}
      <span
        className="ml-1 shrink-0 rounded-md bg-white/15 px-2 py-1 font-mono text-xs tabular-nums text-white"
        data-testid="site-countdown"
      >
        <CountdownText startTime={contest.startTime} endTime={contest.endTime} now={now} />
      </span>
    </nav>
  );
}
