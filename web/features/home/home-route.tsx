import { ListChecks, SquareCode } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '@/web/app/layouts/page';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { AnnouncementList } from './announcement-list';

export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('web.nav.home'));
  return (
    <Page>
      <section className="flex flex-col items-start gap-4 py-6 sm:py-10">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('web.home.title')}</h1>
        <p className="max-w-2xl text-muted-foreground">{t('web.home.intro')}</p>
        <div className="flex flex-wrap gap-3">
          <Button asChild>
            <Link to="/problem">
              <SquareCode />
              {t('web.home.goProblems')}
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/status">
              <ListChecks />
              {t('web.home.goStatus')}
            </Link>
          </Button>
        </div>
      </section>
      <div className="mb-4">
        <AnnouncementList />
      </div>
      <div className="grid gap-4 md:grid-cols-3">
        {(['practice', 'judge', 'contest'] as const).map((key) => (
          <Card key={key}>
            <CardHeader>
              <CardTitle>{t(`web.home.${key}Title`)}</CardTitle>
            </CardHeader>
            <CardContent className="text-sm text-muted-foreground">{t(`web.home.${key}Text`)}</CardContent>
          </Card>
        ))}
      </div>
    </Page>
  );
}
