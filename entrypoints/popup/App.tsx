import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { serverUrlItem } from '../lib/settings';
import { Account } from './Account';
import { useAuth } from './auth-store';
import { LanguageToggle } from './LanguageToggle';
import { LoginForm } from './LoginForm';
import { ServerSettings } from './ServerSettings';
import { useStorageItem } from './use-storage-item';

export function App() {
  const { t } = useTranslation();
  const serverUrl = useStorageItem(serverUrlItem);
  const loggedIn = useAuth((s) => !!s.token);

  // For the e2e test's open-time figure: when the first content was on screen.
  useEffect(() => {
    if (serverUrl !== undefined)
      document.documentElement.dataset.contentAt = String(Math.round(performance.now()));
  }, [serverUrl]);

  return (
    <main className="flex w-[360px] flex-col gap-4 p-4" data-testid="popup">
      <header className="flex items-center justify-between">
        <h1 className="flex items-center gap-2 text-base font-semibold">
          <img src="/icon/32.png" alt="" className="size-5" />
          {t('ext.title')}
        </h1>
        <LanguageToggle />
      </header>
      {serverUrl !== undefined && (
        <>
          {loggedIn ? (
            <details className="text-xs" data-testid="server-details">
              <summary className="cursor-pointer text-muted-foreground">
                {t('ext.server')}: {serverUrl}
              </summary>
              <div className="pt-2">
                <ServerSettings serverUrl={serverUrl} />
              </div>
            </details>
          ) : (
            <ServerSettings serverUrl={serverUrl} />
          )}
          <hr />
          {loggedIn ? <Account serverUrl={serverUrl} /> : <LoginForm serverUrl={serverUrl} />}
        </>
      )}
    </main>
  );
}
