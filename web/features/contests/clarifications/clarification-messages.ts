import clarificationsEnUS from '@/locales/clarifications/en-US.json';
import clarificationsZhCN from '@/locales/clarifications/zh-CN.json';
import { i18n } from '@/web/lib/i18n';

/**
 * The Clarifications tab's words and its calls' messages (`clarification.*` of locales/clarifications/)
 * join the app's messages when the tab first loads, as the console's do: the other pages, the problem
 * page's first load above all, never download them. The server holds them too
 * (shared/i18n/console-messages.ts); the tab's badge words stay in the site's files.
 */
for (const [language, messages] of Object.entries({
  'zh-CN': clarificationsZhCN,
  'en-US': clarificationsEnUS,
})) {
  i18n.addResourceBundle(language, 'translation', messages, true, true);
}
