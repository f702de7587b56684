import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useDbConfig, useEmailConfig } from './api';
import { DbConfigCard } from './components/db-config-card';
import { MailFormCard } from './components/mail-form-card';
import { TestMailCard } from './components/test-mail-card';

/** Root's mail settings and test mail, with the (read-only) database settings beside them. */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.menu.mail'));
  const mail = useEmailConfig();
  const db = useDbConfig();

  if (!mail.data) return <Skeleton className="h-96 w-full" />;
  return (
    <div className="grid gap-4 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]" data-testid="site-mail-screen">
      <div className="grid content-start gap-4">
        <MailFormCard config={mail.data} />
        <TestMailCard />
      </div>
      <div className="grid content-start gap-4">
        {db.data ? <DbConfigCard config={db.data} /> : <Skeleton className="h-48 w-full" />}
      </div>
    </div>
  );
}
