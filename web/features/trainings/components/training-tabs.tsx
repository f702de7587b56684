import { BarChart3, Home, ListOrdered, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { cn } from '@/shared/lib/utils';
import { trainingPath } from '../lib';

const tabClass =
  'inline-flex shrink-0 items-center gap-1.5 border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 [&_svg]:size-4';

/**
 * HOJ's tabs of a training: the introduction, the problems, and for a private training the
 * record list (its rank). Locked ones (a private training not entered yet) say so instead of linking.
 */
export function TrainingTabs({ tid, locked, withRank }: { tid: number; locked: boolean; withRank: boolean }) {
  const { t } = useTranslation();
  const tabs: { key: 'intro' | 'problems' | 'rank'; to: string; icon: ReactNode; end: boolean }[] = [
    { key: 'intro', to: trainingPath(tid), icon: <Home />, end: true },
    { key: 'problems', to: trainingPath(tid, 'problems'), icon: <ListOrdered />, end: false },
    ...(withRank
      ? [{ key: 'rank' as const, to: trainingPath(tid, 'rank'), icon: <BarChart3 />, end: false }]
      : []),
  ];
  return (
    <nav
      className="-mx-3 flex overflow-x-auto border-b px-1 sm:mx-0 sm:px-0"
      aria-label={t('training.page.tabs.label')}
      data-testid="training-tabs"
    >
      {tabs.map((tab) =>
        locked && tab.key !== 'intro' ? (
          <span
            key={tab.key}
            className={cn(tabClass, 'cursor-not-allowed opacity-60 hover:text-muted-foreground')}
            aria-disabled="true"
            title={t('training.page.locked')}
            data-testid={`training-tab-${tab.key}`}
          >
            <Lock />
            {t(`training.page.tabs.${tab.key}`)}
          </span>
        ) : (
          <NavLink
            key={tab.key}
            to={tab.to}
            end={tab.end}
            data-testid={`training-tab-${tab.key}`}
            className={({ isActive }) => cn(tabClass, isActive && 'border-primary text-foreground')}
          >
            {tab.icon}
            {t(`training.page.tabs.${tab.key}`)}
          </NavLink>
        ),
      )}
    </nav>
  );
}
