import { useTranslation } from 'react-i18next';
import { MAIN_CONTENT_ID } from '@/web/components/skip-link';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { authStore } from '@/web/lib/auth';
import { type AuthMode, useLoginModal } from '@/web/lib/login-modal';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { ResetForm } from './reset-form';
import { USER_MENU_SELECTOR } from './user-menu';

const TITLES: Record<AuthMode, [title: string, hint: string]> = {
  login: ['web.auth.loginTitle', 'web.auth.loginHint'],
  register: ['auth.registerTitle', 'auth.registerHint'],
  resetPwd: ['auth.resetTitle', 'auth.resetHint'],
};

/**
 * The login dialog with its modes Login, Register and ResetPwd; opened by the Login
 * button, a 401 or "Please login first". Each mode's form is mounted afresh, so switching modes
 * resets the one left.
 */
export function LoginDialog() {
  const { t } = useTranslation();
  const open = useLoginModal((s) => s.open);
  const mode = useLoginModal((s) => s.mode);
  const setOpen = useLoginModal((s) => s.setOpen);
  const [title, hint] = TITLES[mode];
  // Radix gives the focus back to a DialogTrigger, and this dialog has none (anything may open
  // it): without this the focus fell to the page's body.
  const returnFocus = (event: Event) => {
    event.preventDefault();
    const { opener } = useLoginModal.getState();
    const loggedIn = !!authStore.getState().token;
    const target = loggedIn
      ? document.querySelector<HTMLElement>(USER_MENU_SELECTOR)
      : opener?.isConnected
        ? opener
        : document.getElementById(MAIN_CONTENT_ID);
    target?.focus();
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent
        closeLabel={t('common.cancel')}
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
        data-testid="login-dialog"
        data-mode={mode}
        onCloseAutoFocus={returnFocus}
      >
        <DialogHeader>
          <DialogTitle>{t(title)}</DialogTitle>
          <DialogDescription>{t(hint)}</DialogDescription>
        </DialogHeader>
        {open && mode === 'login' && <LoginForm key="login" onDone={() => setOpen(false)} />}
        {open && mode === 'register' && <RegisterForm key="register" />}
        {open && mode === 'resetPwd' && <ResetForm key="resetPwd" />}
      </DialogContent>
    </Dialog>
  );
}
