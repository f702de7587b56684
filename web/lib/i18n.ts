import { type AppLanguage, createI18n, LANGUAGE_COOKIE } from '@/shared/i18n';
import { cookieAssignment } from './cookie';
import { languageForLocation, otherLanguage } from './language';

/** The web app's i18next instance, created in the language the URL or cookie asks for. */
export const i18n = createI18n(languageForLocation(window.location.search, document.cookie));

function apply(language: AppLanguage) {
  document.documentElement.lang = language;
  // biome-ignore lint/suspicious/noDocumentCookie: the language lives in the Web_Language cookie, which the server reads too; CookieStore is not in every browser
  document.cookie = cookieAssignment(LANGUAGE_COOKIE, language);
}

apply(i18n.language as AppLanguage);

export function setLanguage(language: AppLanguage): void {
  void i18n.changeLanguage(language);
  apply(language);
}

export function toggleLanguage(): void {
  setLanguage(otherLanguage(i18n.language));
}

export function currentLanguage(): string {
  return i18n.language;
}
