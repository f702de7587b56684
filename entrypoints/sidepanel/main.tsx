import '@/shared/lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createSiteI18n } from '@/shared/i18n/site-messages';
import { resolveExtLanguage } from '../lib/language';
import { problemCacheItem } from '../lib/problem';
import { languageItem, serverUrlItem } from '../lib/settings';
import { pinnedItem, recentItem, submitDraftItem } from '../lib/state';
import { authStore, followStoredLogin } from '../popup/auth-store';
import { primeStorageItems } from '../popup/use-storage-item';
import { App } from './app';
import './style.css';

async function bootstrap() {
  const [stored] = await Promise.all([
    languageItem.getValue(),
    authStore.getState().hydrate(),
    primeStorageItems([serverUrlItem, pinnedItem, problemCacheItem, recentItem, submitDraftItem]),
  ]);
  const language = resolveExtLanguage(stored, navigator.language);
  document.documentElement.lang = language;
  followStoredLogin();
  // the language toggle of the popup applies here too
  languageItem.watch(() => location.reload());
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nextProvider i18n={createSiteI18n(language)}>
        <App />
      </I18nextProvider>
    </StrictMode>,
  );
}

void bootstrap();
