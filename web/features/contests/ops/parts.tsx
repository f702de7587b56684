import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContestVO } from '@/shared/api/contest-types';
import { Card, CardContent } from '@/web/components/ui/card';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useContestContext } from '../contest-context';

/** What a screen shows to someone its role does not allow (the server refuses them too). */
export function NoPermission({
  message,
  testId = 'ops-no-permission',
}: {
  message: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Card data-testid={testId}>
      <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
        <ShieldAlert className="size-10 text-muted-foreground" aria-hidden />
        <p className="text-base font-medium">{t('contestDesk.noPermission')}</p>
        <p className="text-sm text-muted-foreground" data-testid={`${testId}-message`}>
          {message}
        </p>
      </CardContent>
    </Card>
  );
}

/**
 * A tab for the contest's admins only (super admins only with `superAdminOnly`): the page is titled
 * with the tab's name and the contest's, and anyone else sees NoPermission. `children` renders the
 * screen for the contest.
 */
export function AdminTab({
  titleKey,
  superAdminOnly = false,
  children,
}: {
  titleKey: string;
  superAdminOnly?: boolean;
  children(contest: ContestVO): ReactNode;
}) {
  const { t } = useTranslation();
  const { contest, isAdmin, isSuperAdmin } = useContestContext();
  useDocumentTitle(`${t(titleKey)} - ${contest.title}`);
  if (superAdminOnly ? !isSuperAdmin : !isAdmin)
    return (
      <NoPermission message={t(superAdminOnly ? 'contestDesk.superAdminOnly' : 'contestDesk.adminOnly')} />
    );
  return <>{children(contest)}</>;
}
