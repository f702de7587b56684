import { useTranslation } from 'react-i18next';
import { Button } from '@/web/components/ui/button';
import { useLoginModal } from '@/web/lib/login-modal';

/** The "back to login" link under the register and reset forms. */
export function BackToLogin() {
  const { t } = useTranslation();
  const setMode = useLoginModal((s) => s.setMode);
  return (
    <Button
      type="button"
      variant="link"
      className="h-auto p-0"
      onClick={() => setMode('login')}
      data-testid="to-login"
    >
      {t('auth.backToLogin')}
    </Button>
  );
}
