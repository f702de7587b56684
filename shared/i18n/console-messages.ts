import consoleEnUS from '../../locales/console/en-US.json';
import consoleZhCN from '../../locales/console/zh-CN.json';
import { type AppLanguage, type Messages, mergeMessages, type Resources, siteResources } from './index';

/** The admin console's messages: its screens' words and the messages of its calls. */
export const consoleMessages: Record<AppLanguage, Messages> = { 'zh-CN': consoleZhCN, 'en-US': consoleEnUS };

/** Every message, the site's and the console's: what the server answers in. */
export const allResources: Resources = {
  'zh-CN': { translation: mergeMessages(siteResources['zh-CN'].translation, consoleZhCN) },
  'en-US': { translation: mergeMessages(siteResources['en-US'].translation, consoleEnUS) },
};
