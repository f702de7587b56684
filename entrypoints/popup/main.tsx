import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '@/shared/i18n';
import { resolveExtLanguage } from '../lib/language';
import { languageItem } from '../lib/settings';
import { App } from './App';
import { authStore, followStoredLogin } from './auth-store';
import './style.css';

async function bootstrap() {
  const [stored] = await Promise.all([languageItem.getValue(), authStore.getState().hydrate()]);
  const language = resolveExtLanguage(stored, navigator.language);
  document.documentElement.lang = language;
  followStoredLogin();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nextProvider i18n={createI18n(language)}>
        <App />
      </I18nextProvider>
    </StrictMode>,
  );
}

void bootstrap();
