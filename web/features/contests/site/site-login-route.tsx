import { ArrowLeft, ArrowRight, KeyRound, LogIn, UserPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ACCOUNT } from '@/shared/constants/accounts';
import { Button } from '@/web/components/ui/button';
import { LoginForm, RegisterForm, ResetForm } from '@/web/features/auth';
import { useAuth } from '@/web/lib/auth';
import { type AuthMode, useLoginModal } from '@/web/lib/login-modal';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useSiteContestHome, useSiteContestId } from './site-api';
import { useSiteLogout } from './site-header';

const MODES: Record<AuthMode, { title: string; hint: string; icon: typeof LogIn }> = {
  login: { title: 'contestSite.login.loginTitle', hint: 'contestSite.login.loginHint', icon: LogIn },
  register: {
    title: 'contestSite.login.registerTitle',
    hint: 'contestSite.login.registerHint',
    icon: UserPlus,
  },
  resetPwd: { title: 'contestSite.login.resetTitle', hint: 'contestSite.login.resetHint', icon: KeyRound },
};

/**
 * The login screen's mode is the login dialog's (the shared forms switch it: "register now", "forgot
 * password", back to login, and Login after a successful register). It starts in Login and is left in Login.
 */
function useScreenMode(): AuthMode {
  const mode = useLoginModal((s) => s.mode);
  useEffect(() => {
    useLoginModal.getState().setMode('login');
    return () => useLoginModal.getState().setMode('login');
  }, []);
  return mode;
}

/** Signed in already: go in, or sign out to use another account. */
function AlreadyIn({ shortName, target }: { shortName: string; target: string | null }) {
  const { t } = useTranslation();
  const username = useAuth((s) => s.userInfo?.username ?? '');
  const logout = useSiteLogout(shortName, `/${encodeURIComponent(shortName)}/login`);
  return (
    <div className="grid gap-4" data-testid="site-already-in">
      <p className="text-muted-foreground">{t('contestSite.login.alreadyIn', { username })}</p>
      {target && (
        <Button asChild data-testid="site-enter">
          <Link to={target}>
            {t('contestSite.login.enter')}
            <ArrowRight />
          </Link>
        </Button>
      )}
      <Button variant="outline" onClick={() => void logout()} data-testid="site-switch-account">
        {t('contestSite.login.switchAccount')}
      </Button>
    </div>
  );
}

/**
 * The contest site's login screen: modes Login, Register (the link only when the site allows registering) and
 * ResetPwd, with the main site's forms. Each mode's form mounts afresh, so switching resets the one left;
 * ResetPwd loads its captcha on entering; after login the user goes into the contest (/SHORT/ID).
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { contest: shortName = '' } = useParams();
  const cid = useSiteContestId(shortName).data;
  const home = useSiteContestHome(shortName);
  const mode = useScreenMode();
  const token = useAuth((s) => s.token);
  // a login made here goes straight into the contest: the "signed in" card is for arriving signed in
  const [arrivedSignedIn] = useState(!!token);
  useDocumentTitle(t('contestSite.login.pageTitle'));
  const site = `/${encodeURIComponent(shortName)}`;
  const target = cid ? `${site}/${cid}` : null;
  const { title, hint, icon: Icon } = MODES[mode];

  return (
    <section
      className="flex flex-1 items-start justify-center px-3 py-8 sm:items-center sm:py-14"
      data-testid="site-login"
    >
      <div className="grid w-full max-w-md gap-4">
        <Link
          to={site}
          className="inline-flex items-center gap-1.5 justify-self-start rounded-md text-sm text-white/80 hover:text-white"
          data-testid="site-back-home"
        >
          <ArrowLeft className="size-4" aria-hidden />
          {t('contestSite.login.backHome')}
        </Link>
        <div
          className="grid gap-5 rounded-2xl border bg-card/95 p-5 text-card-foreground shadow-2xl backdrop-blur sm:p-7"
          data-testid="site-login-card"
          data-mode={mode}
        >
          <div className="grid gap-1.5">
            {home.data && (
              <p className="truncate font-medium text-primary text-sm" data-testid="site-login-contest">
                {home.data.title}
              </p>
            )}
            <h1 className="flex items-center gap-2 font-semibold text-2xl tracking-tight">
              <Icon className="size-5 text-muted-foreground" aria-hidden />
              {t(title)}
            </h1>
            <p className="text-muted-foreground text-sm">{t(hint)}</p>
          </div>
          {token && arrivedSignedIn ? (
            <AlreadyIn shortName={shortName} target={target} />
          ) : (
            <>
              {mode === 'login' && (
                <LoginForm key="login" onDone={() => navigate(target ?? site, { replace: true })} />
              )}
              {mode === 'register' && <RegisterForm key="register" />}
              {mode === 'resetPwd' && (
                <ResetForm key="resetPwd" resendSeconds={ACCOUNT.contestSiteResetResendSeconds} />
              )}
            </>
          )}
        </div>
      </div>
    </section>
  );
}
