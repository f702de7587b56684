import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { requestRefreshAll } from '../lib/messages';
import { serverUrlItem, unreadItem } from '../lib/settings';
import { Account } from './account';
import { useAuth } from './auth-store';
import { LanguageToggle } from './language-toggle';
import { LoginForm } from './login-form';
import { PendingLogoutNotice } from './pending-logout-notice';
import { ServerBanner } from './server-banner';
import { ServerSettings } from './server-settings';
import { useServerStatus } from './server-status';
import { useStorageItem } from './use-storage-item';

/**
 * The popup, laid out for the browser's popup limit (600 px tall): header, what is wrong with
 * the server (at the top, where it is seen), then either the login or the logged-in tabs.
 */
export function App() {
  const { t, i18n } = useTranslation();
  const serverUrl = useStorageItem(serverUrlItem);
  const unread = useStorageItem(unreadItem);
  const loggedIn = useAuth((s) => !!s.token);
  const { status, setStatus, recheck } = useServerStatus(serverUrl, i18n.language);

  // For the e2e test's open-time figure: when the first content was on screen.
  useEffect(() => {
    if (serverUrl !== undefined)
      document.documentElement.dataset.contentAt = String(Math.round(performance.now()));
  }, [serverUrl]);

  const settings = serverUrl !== undefined && (
    <ServerSettings serverUrl={serverUrl} status={status} onStatus={setStatus} />
  );
  return (
    <main className="flex max-h-[600px] w-[380px] flex-col gap-3 overflow-hidden p-3" data-testid="popup">
      <header className="flex shrink-0 items-center justify-between">
        <h1 className="flex items-center gap-2 text-base font-semibold">
          <img src="/icon/32.png" alt="" className="size-5" />
          {t('ext.title')}
        </h1>
        <LanguageToggle />
      </header>
      {serverUrl !== undefined && (
        <>
          <ServerBanner
            serverUrl={serverUrl}
            status={status}
            unread={unread}
            onRetry={() => {
              recheck();
              void requestRefreshAll().catch(() => undefined);
            }}
          />
          <PendingLogoutNotice />
          {loggedIn ? (
            <Account serverUrl={serverUrl} serverTab={settings} unread={unread} />
          ) : (
            <div className="flex min-h-0 flex-col gap-3 overflow-y-auto">
              {settings}
              <hr />
              <LoginForm serverUrl={serverUrl} />
            </div>
          )}
        </>
      )}
    </main>
  );
}
