import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/web/components/ui/button';
import { NotFoundPage } from '@/web/features/not-found/not-found-page';

/** Route-level error boundary: unknown routes show the 404 page, a crash offers a reload. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 p-10 text-center">
      <h1 className="text-xl font-semibold">{t('errors.serverError')}</h1>
      <Button onClick={() => window.location.reload()}>{t('common.refresh')}</Button>
    </div>
  );
}
