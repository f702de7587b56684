import groupsEnUS from '@/locales/groups/en-US.json';
import groupsZhCN from '@/locales/groups/zh-CN.json';
import { i18n } from '@/web/lib/i18n';

/**
 * The group screens' words (`web.group.*`, locales/groups/) join the app's messages when the first
 * group screen loads, as the console's do (web/features/admin/console-messages.ts): the other pages,
 * the problem page's first load above all, never download them.
 */
for (const [language, messages] of Object.entries({ 'zh-CN': groupsZhCN, 'en-US': groupsEnUS })) {
  i18n.addResourceBundle(language, 'translation', messages, true, true);
}
