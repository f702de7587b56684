import type * as React from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/web/components/ui/button';
import { type AuthMode, useLoginModal } from '@/web/lib/login-modal';

/** A link-styled button under a login form that switches the dialog (or the contest site's login screen) to another mode. */
export function ModeLink({
  mode,
  testId,
  children,
}: {
  mode: AuthMode;
  testId: string;
  children: React.ReactNode;
}) {
  const setMode = useLoginModal((s) => s.setMode);
  return (
    <Button
      type="button"
      variant="link"
      className="h-auto p-0"
      onClick={() => setMode(mode)}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}

/** The "back to login" link under the register and reset forms. */
export function BackToLogin() {
  const { t } = useTranslation();
  return (
    <ModeLink mode="login" testId="to-login">
      {t('auth.backToLogin')}
    </ModeLink>
  );
}
