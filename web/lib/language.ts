import { type AppLanguage, LANGUAGE_COOKIE, resolveLanguage } from '@/shared/i18n';
import { readCookie } from './cookie';

/** Interface language for a page load: `?l=` wins, then the Web_Language cookie, then zh-CN. */
export function languageForLocation(search: string, cookies: string): AppLanguage {
  return resolveLanguage({
    query: new URLSearchParams(search).get('l'),
    cookie: readCookie(cookies, LANGUAGE_COOKIE),
  });
}

/** Clicking the logo switches between the two interface languages. */
export function otherLanguage(current: string): AppLanguage {
  return current === 'zh-CN' ? 'en-US' : 'zh-CN';
}
