import { type AppLanguage, createI18n, LANGUAGE_COOKIE } from '@/shared/i18n';
import { cookieAssignment } from './cookie';
import { languageForLocation, otherLanguage } from './language';
import { loadSiteMessages } from './site-messages';

/** Rendered on the server (web/ssr): no page, no cookie; the frame gets its own i18next instance there. */
const inBrowser = typeof window !== 'undefined';

const firstLanguage = inBrowser ? languageForLocation(window.location.search, document.cookie) : 'zh-CN';

/** The web app's i18next instance, created in the language the URL or cookie asks for. */
export const i18n = createI18n(firstLanguage, {});

/**
 * The site's messages in the first language: the app renders once they are in (web/main.tsx). The
 * server names their file in the page's head (modulepreload), so it arrives beside the app's own
 * scripts rather than after them. Awaited there rather than here: a top-level await in a module
 * the lazy screens share makes the bundler cut what they share into many small files.
 */
export const siteMessagesReady: Promise<void> = inBrowser
  ? loadSiteMessages(i18n, firstLanguage)
  : Promise.resolve();

function apply(language: AppLanguage) {
  // Written only when it changes: writing the page's language, even the same one, makes the
  // browser compute every element's style again (~25 ms on a phone, after the first paint).
  if (document.documentElement.lang !== language) document.documentElement.lang = language;
  // biome-ignore lint/suspicious/noDocumentCookie: the language lives in the Web_Language cookie, which the server reads too; CookieStore is not in every browser
  document.cookie = cookieAssignment(LANGUAGE_COOKIE, language);
}

if (inBrowser) apply(firstLanguage);

/** Switches the interface language once its messages are in. */
export async function setLanguage(language: AppLanguage): Promise<void> {
  await loadSiteMessages(i18n, language);
  await i18n.changeLanguage(language);
  apply(language);
}

export function toggleLanguage(): void {
  void setLanguage(otherLanguage(i18n.language));
}

export function currentLanguage(): string {
  return i18n.language;
}
