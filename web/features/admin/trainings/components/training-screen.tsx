import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useParams } from 'react-router';
import { apiErrorText } from '@/shared/api/error-message';
import type { AdminTrainingDto } from '@/shared/api/training-types';
import { cn } from '@/shared/lib/utils';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useAdminTraining, useTrainingEditorScope } from '../api';
import { readConsoleTrainingId } from '../lib';

const SCREENS = [
  { screen: 'edit', key: 'trainingAdmin.editor.settings' },
  { screen: 'problems', key: 'trainingAdmin.problems.title' },
] as const;

/** A screen's refusal (not found, not your training) with the way back to the list. */
export function Refused({ text }: { text: string }) {
  const { t } = useTranslation();
  const { listPath } = useTrainingEditorScope();
  return (
    <div className="grid justify-items-start gap-3" data-testid="admin-training-refused">
      <p className="text-muted-foreground">{text}</p>
      <Button variant="outline" asChild>
        <Link to={listPath}>{t('trainingAdmin.back')}</Link>
      </Button>
    </div>
  );
}

/** The way back to the list and a screen's heading. */
export function ScreenHeading({ title }: { title: string }) {
  const { t } = useTranslation();
  const { listPath } = useTrainingEditorScope();
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-2">
      <Button variant="ghost" size="sm" asChild>
        <Link to={listPath}>
          <ArrowLeft />
          {t('trainingAdmin.back')}
        </Link>
      </Button>
      <h2 className="min-w-0 text-lg font-semibold break-words" data-testid="admin-training-heading">
        {title}
      </h2>
    </div>
  );
}

/**
 * The frame of one training's screens: back to the list, its title and links between its settings
 * and its problems. Renders its screen once the training is loaded; someone else's training (or
 * none) shows the server's refusal.
 */
export function TrainingScreen({
  active,
  children,
}: {
  active: (typeof SCREENS)[number]['screen'];
  children(dto: AdminTrainingDto): ReactNode;
}) {
  const { t } = useTranslation();
  const scope = useTrainingEditorScope();
  const tid = readConsoleTrainingId(useParams().tid);
  const training = useAdminTraining(tid);
  if (tid === null) return <Refused text={t('training.notFound')} />;
  if (training.error) return <Refused text={apiErrorText(training.error, t)} />;
  if (!training.data) {
    return (
      <div className="grid gap-4" data-testid="admin-training-loading">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-72 w-full" />
      </div>
    );
  }
  return (
    <div className="grid min-w-0 gap-4">
      <div className="grid gap-2">
        <ScreenHeading title={training.data.training.title} />
        <nav aria-label={t('trainingAdmin.screens')} className="flex flex-wrap gap-1 border-b pb-2">
          {SCREENS.map(({ screen, key }) => (
            <NavLink
              key={screen}
              to={scope.path(tid, screen)}
              end
              data-testid={`admin-training-tab-${screen}`}
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
      {children(training.data)}
    </div>
  );
}
