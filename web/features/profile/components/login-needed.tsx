import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { openLoginModal } from '@/web/lib/login-modal';

/** What a page for logged-in users shows a visitor: why, and a button that opens the login dialog. */
export function LoginNeeded({ testId, children }: { testId: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card className="mx-auto max-w-md" data-testid={testId}>
      <CardContent className="grid gap-4 text-center">
        {children}
        <Button className="justify-self-center" onClick={() => openLoginModal()}>
          {t('common.login')}
        </Button>
      </CardContent>
    </Card>
  );
}
