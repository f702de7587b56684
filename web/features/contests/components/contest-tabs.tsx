import {
  BarChart3,
  BookOpen,
  ClipboardList,
  Flag,
  Home,
  ListChecks,
  Megaphone,
  MessageCircleQuestionMark,
  MessageSquare,
  PartyPopper,
  Printer,
  RefreshCw,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { cn } from '@/shared/lib/utils';
import type { ContestTab } from '../lib/contest-access';

const TAB: Record<ContestTab, { path: string; key: string; icon: ReactNode }> = {
  overview: { path: '', key: 'overview', icon: <Home /> },
  problems: { path: 'problems', key: 'problems', icon: <BookOpen /> },
  submissions: { path: 'submissions', key: 'submissions', icon: <ListChecks /> },
  rank: { path: 'rank', key: 'rank', icon: <BarChart3 /> },
  announcements: { path: 'announcements', key: 'announcements', icon: <Megaphone /> },
  clarifications: { path: 'clarifications', key: 'clarifications', icon: <MessageCircleQuestionMark /> },
  comment: { path: 'comment', key: 'comment', icon: <MessageSquare /> },
  print: { path: 'print', key: 'print', icon: <Printer /> },
  'ac-info': { path: 'ac-info', key: 'acInfo', icon: <PartyPopper /> },
  'admin-print': { path: 'admin-print', key: 'adminPrint', icon: <ClipboardList /> },
  rejudge: { path: 'rejudge', key: 'rejudge', icon: <RefreshCw /> },
  'scroll-board': { path: 'scroll-board', key: 'scrollBoard', icon: <Flag /> },
};

/** A count on a tab (unread clarifications) and what it means, for screen readers. */
export interface TabBadge {
  count: number;
  label: string;
}

/** The shell's tabs, as many as visibleTabs (lib/contest-access.ts) gives this caller, with their badges. */
export function ContestTabs({
  base,
  tabs,
  badges = {},
}: {
  base: string;
  tabs: readonly ContestTab[];
  badges?: Partial<Record<ContestTab, TabBadge>>;
}) {
  const { t } = useTranslation();
  return (
    <nav
      className="-mx-3 flex overflow-x-auto border-b px-1 sm:-mx-6 sm:px-4"
      aria-label={t('contestPage.tabs.label')}
      data-testid="contest-tabs"
    >
      {tabs.map((tab) => {
        const info = TAB[tab];
        const badge = badges[tab];
        return (
          <NavLink
            key={tab}
            to={info.path ? `${base}/${info.path}` : base}
            end={!info.path}
            data-testid={`contest-tab-${tab}`}
            className={({ isActive }) =>
              cn(
                'inline-flex shrink-0 items-center gap-1.5 border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 [&_svg]:size-4',
                isActive && 'border-primary text-foreground',
              )
            }
          >
            {info.icon}
            {t(`contestPage.tabs.${info.key}`)}
            {badge && badge.count > 0 && (
              <span
                className="inline-flex min-w-5 items-center justify-center rounded-full bg-destructive px-1.5 text-xs leading-5 font-semibold text-white tabular-nums"
                data-testid={`contest-tab-${tab}-badge`}
              >
                <span aria-hidden>{badge.count}</span>
                <span className="sr-only">{badge.label}</span>
              </span>
            )}
          </NavLink>
        );
      })}
    </nav>
  );
}
