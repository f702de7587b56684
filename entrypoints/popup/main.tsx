import '@/shared/lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createSiteI18n } from '@/shared/i18n/site-messages';
import { resolveExtLanguage } from '../lib/language';
import { languageItem, serverUrlItem, unreadItem } from '../lib/settings';
import { contestsItem, pinnedItem, recentItem } from '../lib/state';
import { App } from './app';
import { authStore, followStoredLogin } from './auth-store';
import { primeStorageItems } from './use-storage-item';
import './style.css';

/** Reads everything the first paint shows from storage in one go, then renders: no network first. */
async function bootstrap() {
  const [stored] = await Promise.all([
    languageItem.getValue(),
    authStore.getState().hydrate(),
    primeStorageItems([serverUrlItem, unreadItem, recentItem, contestsItem, pinnedItem]),
  ]);
  const language = resolveExtLanguage(stored, navigator.language);
  document.documentElement.lang = language;
  followStoredLogin();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nextProvider i18n={createSiteI18n(language)}>
        <App />
      </I18nextProvider>
    </StrictMode>,
  );
}

void bootstrap();
