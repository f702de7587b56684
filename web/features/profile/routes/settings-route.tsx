import { UserRound } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiErrorText } from '@/shared/api/error-message';
import { Page } from '@/web/app/layouts/page';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useAuth } from '@/web/lib/auth';
import { openLoginModal, useLoginModal } from '@/web/lib/login-modal';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useUserHome } from '../api';
import { AvatarSettings } from '../components/avatar-settings';
import { EmailSettings } from '../components/email-settings';
import { LoginNeeded } from '../components/login-needed';
import { PasswordSettings } from '../components/password-settings';
import { ProfileSettings } from '../components/profile-settings';

/** /setting: avatar, profile, password and e-mail of the logged-in user; a visitor is asked to log in. */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('profile.settings.title'));
  const user = useAuth((s) => s.userInfo);
  const token = useAuth((s) => s.token);
  const loggedIn = !!user && !!token;
  // the profile form starts from the server's current values, not the stored copy
  const home = useUserHome(loggedIn ? { uid: user.uid } : null);

  useEffect(() => {
    // not over a dialog already open (after a password change it holds the username)
    if (!loggedIn && !useLoginModal.getState().open) openLoginModal();
  }, [loggedIn]);

  if (!loggedIn) {
    return (
      <Page title={t('profile.settings.title')}>
        <LoginNeeded testId="settings-login-needed">
          <p>{t('profile.settings.loginRequired')}</p>
        </LoginNeeded>
      </Page>
    );
  }

  return (
    <Page
      title={t('profile.settings.title')}
      className="max-w-3xl"
      actions={
        <Button asChild variant="outline" size="sm">
          <Link to={`/user-home?uid=${encodeURIComponent(user.uid)}`} data-testid="settings-my-home">
            <UserRound aria-hidden />
            {t('profile.nav.myHome')}
          </Link>
        </Button>
      }
    >
      <div className="grid gap-4" data-testid="settings-page">
        <AvatarSettings user={user} />
        {home.data ? (
          <ProfileSettings key={home.data.uid} home={home.data} user={user} />
        ) : home.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {apiErrorText(home.error, t)}
          </p>
        ) : (
          <Skeleton className="h-96 w-full" />
        )}
        <PasswordSettings username={user.username} />
        <EmailSettings email={user.email} username={user.username} />
      </div>
    </Page>
  );
}
