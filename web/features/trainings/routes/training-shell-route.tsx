import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useParams } from 'react-router';
import { apiErrorText } from '@/shared/api/error-message';
import { TrainingAuth } from '@/shared/constants/trainings';
import { Page } from '@/web/app/layouts/page';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useAuth } from '@/web/lib/auth';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useTrainingAccess, useTrainingDetail } from '../api';
import { ProgressBar } from '../components/progress-bar';
import { TrainingAuthBadge } from '../components/training-badges';
import { TrainingTabs } from '../components/training-tabs';
import { readTrainingId } from '../lib';
import type { TrainingContextValue } from '../training-context';

/**
 * A training (HOJ's /training/:trainingID): its title and the caller's progress, then the tabs
 * (introduction, problems, and the record list of a private one). A private training the caller
 * has not entered shows its introduction and the password form; the other tabs are locked.
 */
export function Component() {
  const { t } = useTranslation();
  const { trainingID } = useParams();
  const tid = readTrainingId(trainingID);
  const uid = useAuth((s) => (s.token ? (s.userInfo?.uid ?? null) : null));
  const detail = useTrainingDetail(tid, uid ?? '');
  const isPrivate = detail.data?.auth === TrainingAuth.PRIVATE;
  const access = useTrainingAccess(isPrivate ? tid : 0, uid);
  useDocumentTitle(detail.data?.title ?? t('training.page.title'));

  if (tid === 0 || detail.error) {
    return (
      <Page>
        <div className="grid justify-items-start gap-3" data-testid="training-missing">
          <p className="text-muted-foreground">
            {detail.error ? apiErrorText(detail.error, t) : t('training.notFound')}
          </p>
          <Button variant="outline" asChild>
            <Link to="/training">
              <ArrowLeft />
              {t('training.page.backToList')}
            </Link>
          </Button>
        </div>
      </Page>
    );
  }
  if (!detail.data) {
    return (
      <Page>
        <Skeleton className="mb-4 h-24 w-full" />
        <Skeleton className="h-64 w-full" />
      </Page>
    );
  }
  const training = detail.data;
  const entered = !isPrivate || access.data?.access === true;
  const context: TrainingContextValue = {
    training,
    uid,
    access: entered,
    accessKnown: !isPrivate || !uid || access.isFetched,
  };
  return (
    <Page className="grid gap-4">
      <header className="grid gap-3 rounded-lg border bg-card p-4 sm:p-5" data-testid="training-header">
        <div className="flex flex-wrap items-center gap-2">
          <h1
            className="min-w-0 text-xl font-semibold break-words tracking-tight"
            data-testid="training-title"
          >
            {training.title}
          </h1>
          <TrainingAuthBadge auth={training.auth} />
        </div>
        {uid && <ProgressBar ac={training.acCount} total={training.problemCount} className="max-w-xl" />}
      </header>
      <TrainingTabs tid={tid} locked={!entered} withRank={isPrivate} />
      <Outlet context={context} />
    </Page>
  );
}
