import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useParams } from 'react-router';
import type { AdminContestVO } from '@/shared/api/contest-types';
import { apiErrorText } from '@/shared/api/error-message';
import { cn } from '@/shared/lib/utils';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useAdminContest, useContestEditorScope } from '../api';

const SCREENS = [
  { screen: 'edit', key: 'admin.contest.settings' },
  { screen: 'problem', key: 'admin.contest.problems' },
  { screen: 'announcement', key: 'admin.contest.announcements' },
] as const;

/** The contest id of the route (/admin/contest/:cid/...), or null when it is not a positive whole number. */
export function useContestId(): number | null {
  const { cid } = useParams();
  const id = Number(cid);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** A screen's refusal (not found, not your contest) with the way back to the list. */
export function Refused({ text }: { text: string }) {
  const { t } = useTranslation();
  const { listPath } = useContestEditorScope();
  return (
    <div className="grid justify-items-start gap-3" data-testid="admin-contest-refused">
      <p className="text-muted-foreground">{text}</p>
      <Button variant="outline" asChild>
        <Link to={listPath}>{t('admin.contest.back')}</Link>
      </Button>
    </div>
  );
}

/**
 * The frame of one contest's screens: back to the list, the contest's title, and links between
 * its settings, problems and announcements. Renders its screen once the contest is loaded; a
 * contest of someone else (or none) shows the server's refusal.
 */
export function ContestScreen({
  active,
  children,
}: {
  active: (typeof SCREENS)[number]['screen'] | null;
  children(contest: AdminContestVO): ReactNode;
}) {
  const { t } = useTranslation();
  const scope = useContestEditorScope();
  const cid = useContestId();
  const contest = useAdminContest(cid);
  if (cid === null) return <Refused text={t('errors.notFound')} />;
  if (contest.error) return <Refused text={apiErrorText(contest.error, t)} />;
  if (!contest.data) {
    return (
      <div className="grid gap-4" data-testid="admin-contest-loading">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-72 w-full" />
      </div>
    );
  }
  return (
    <div className="grid min-w-0 gap-4">
      <div className="grid gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <Button variant="ghost" size="sm" asChild>
            <Link to={scope.listPath}>
              <ArrowLeft />
              {t('admin.contest.back')}
            </Link>
          </Button>
          <h2 className="min-w-0 text-lg font-semibold break-words" data-testid="admin-contest-heading">
            {contest.data.title}
          </h2>
        </div>
        <nav aria-label={t('admin.contest.screens')} className="flex flex-wrap gap-1 border-b pb-2">
          {SCREENS.map(({ screen, key }) => (
            <NavLink
              key={screen}
              to={scope.path(contest.data.id, screen)}
              end
              data-testid={`admin-contest-tab-${screen}`}
              className={cn(
                'rounded-md px-3 py-2 text-sm transition-colors hover:bg-accent',
                active === screen && 'bg-accent font-medium text-accent-foreground',
              )}
            >
              {t(key)}
            </NavLink>
          ))}
        </nav>
      </div>
      {children(contest.data)}
    </div>
  );
}
