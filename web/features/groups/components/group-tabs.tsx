import {
  BarChart3,
  BookOpen,
  GraduationCap,
  Home,
  ListChecks,
  Lock,
  Megaphone,
  MessagesSquare,
  Settings,
  Trophy,
  Users,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { cn } from '@/shared/lib/utils';
import { type GroupTab, groupPath } from '../lib';

const tabClass =
  'inline-flex shrink-0 items-center gap-1.5 border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 [&_svg]:size-4';

const ICONS: Record<GroupTab, typeof Home> = {
  intro: Home,
  announcement: Megaphone,
  problem: BookOpen,
  training: GraduationCap,
  contest: Trophy,
  status: ListChecks,
  discussion: MessagesSquare,
  rank: BarChart3,
  member: Users,
  setting: Settings,
};

/** Pages under a tab whose paths do not start with its own (a submission's detail is Status's). */
const ALSO: Partial<Record<GroupTab, string>> = {
  status: 'submission-detail',
  discussion: 'discussion-detail',
};

/**
 * HOJ's tabs of a group. Without access (a visitor, or someone outside a group that is not
 * public) only the introduction opens; the others say why instead of linking. The settings are
 * the group roots' (HOJ); the discussion tab follows the site's group discussion switch.
 */
export function GroupTabs({
  gid,
  locked,
  root,
  discussion,
}: {
  gid: number;
  locked: boolean;
  /** a group root (or the owner, or the site's root): the settings */
  root: boolean;
  discussion: boolean;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const tabs: GroupTab[] = [
    'intro',
    'announcement',
    'problem',
    'training',
    'contest',
    'status',
    ...(discussion ? (['discussion'] as const) : []),
    'rank',
    'member',
    ...(root ? (['setting'] as const) : []),
  ];
  return (
    <nav
      className="-mx-3 flex overflow-x-auto border-b px-1 sm:mx-0 sm:px-0"
      aria-label={t('web.group.tabs.label')}
      data-testid="group-tabs"
    >
      {tabs.map((tab) => {
        const Icon = ICONS[tab];
        if (locked && tab !== 'intro')
          return (
            <span
              key={tab}
              className={cn(tabClass, 'cursor-not-allowed opacity-60 hover:text-muted-foreground')}
              aria-disabled="true"
              title={t('web.group.locked')}
              data-testid={`group-tab-${tab}`}
            >
              <Lock />
              {t(`web.group.tabs.${tab}`)}
            </span>
          );
        const also = ALSO[tab];
        const lit = !!also && pathname.startsWith(`${groupPath(gid)}/${also}`);
        return (
          <NavLink
            key={tab}
            to={groupPath(gid, tab)}
            end={tab === 'intro'}
            data-testid={`group-tab-${tab}`}
            className={({ isActive }) => cn(tabClass, (isActive || lit) && 'border-primary text-foreground')}
          >
            <Icon aria-hidden />
            {t(`web.group.tabs.${tab}`)}
          </NavLink>
        );
      })}
    </nav>
  );
}
