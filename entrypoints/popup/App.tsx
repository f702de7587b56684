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

  return (
    <main className="flex w-[340px] flex-col gap-4 p-4" data-testid="popup">
      <header className="flex items-center justify-between">
        <h1 className="flex items-center gap-2 text-base font-semibold">
          <img src="/icon/32.png" alt="" className="size-5" />
          {t('ext.title')}
        </h1>
        <LanguageToggle />
      </header>
      {serverUrl !== undefined && (
        <>
          <ServerSettings serverUrl={serverUrl} />
          <hr />
          {loggedIn ? <Account serverUrl={serverUrl} /> : <LoginForm serverUrl={serverUrl} />}
        </>
      )}
    </main>
  );
}
