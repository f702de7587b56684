import type { i18n as I18n } from 'i18next';
import type { AppLanguage, Messages } from '@/shared/i18n';

/** The site's messages (`locales/<lang>.json`), one file per language. */
const files: Record<AppLanguage, () => Promise<{ default: Messages }>> = {
  'zh-CN': () => import('@/locales/zh-CN.json'),
  'en-US': () => import('@/locales/en-US.json'),
};

const loaded = new Set<AppLanguage>();

/**
 * The web app downloads the site's messages in the language it shows and no other: the first
 * language's at start, the other's when the user switches (docs/benchmarks.md, First-load budget).
 * They are merged under what is there (deep, never overwriting), so screen groups' messages added
 * before (the console's, the groups') stay.
 */
export async function loadSiteMessages(i18n: I18n, language: AppLanguage): Promise<void> {
  if (loaded.has(language)) return;
  const { default: messages } = await files[language]();
  // not copied first (i18next's default is a JSON round trip of the whole file, ~10 ms on a phone's
  // first paint): this module is the file's only reader, so i18next may keep and extend its objects
  i18n.addResourceBundle(language, 'translation', messages, true, false, { silent: false, skipCopy: true });
  loaded.add(language);
}
