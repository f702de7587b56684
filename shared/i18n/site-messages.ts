import type { i18n as I18n } from 'i18next';
import enUS from '../../locales/en-US.json';
import zhCN from '../../locales/zh-CN.json';
import { type AppLanguage, createI18n, DEFAULT_LANGUAGE, type Messages, type Resources } from './index';

/**
 * The site's messages in both languages (`locales/<lang>.json`), for the server, the extension and
 * the tests. The web app does not import this module: it loads only the language it shows
 * (web/lib/site-messages.ts). The admin console's messages (`locales/console/`) live in
 * ./console-messages.
 */
export const siteResources: Resources = {
  'zh-CN': { translation: zhCN as Messages },
  'en-US': { translation: enUS as Messages },
};

/** An i18next instance over the site's messages in both languages. */
export function createSiteI18n(language: AppLanguage = DEFAULT_LANGUAGE): I18n {
  return createI18n(language, siteResources);
}
