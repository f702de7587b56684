import { ArrowLeft, House } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/web/components/ui/button';
import { useDocumentTitle } from '@/web/lib/use-document-title';

/** Animated 404, 'Page Not Found', a back button and a home button. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('web.notFound.title'));
  return (
    <div
      className="flex flex-1 flex-col items-center justify-center gap-6 px-4 py-16 text-center"
      data-testid="not-found"
    >
      <p
        aria-hidden
        className="float-404 select-none font-black text-8xl text-primary tracking-widest sm:text-9xl"
      >
        <span>4</span>
        <span>0</span>
        <span>4</span>
      </p>
      <h1 className="text-2xl font-semibold">{t('web.notFound.title')}</h1>
      <p className="max-w-sm text-muted-foreground">{t('web.notFound.description')}</p>
      <div className="flex gap-3">
        <Button variant="outline" onClick={() => navigate(-1)} data-testid="not-found-back">
          <ArrowLeft />
          {t('common.back')}
        </Button>
        <Button asChild data-testid="not-found-home">
          <Link to="/">
            <House />
            {t('common.home')}
          </Link>
        </Button>
      </div>
    </div>
  );
}
