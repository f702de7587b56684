import clarificationsEnUS from '../../locales/clarifications/en-US.json';
import clarificationsZhCN from '../../locales/clarifications/zh-CN.json';
import consoleEnUS from '../../locales/console/en-US.json';
import consoleZhCN from '../../locales/console/zh-CN.json';
import { type AppLanguage, type Messages, mergeMessages, type Resources, siteResources } from './index';

/** The admin console's messages: its screens' words and the messages of its calls. */
export const consoleMessages: Record<AppLanguage, Messages> = { 'zh-CN': consoleZhCN, 'en-US': consoleEnUS };

/**
 * Every message, the site's, the console's and the contest Clarifications tab's (its calls' messages
 * load with the tab in the web app, like the console's): what the server answers in.
 */
export const allResources: Resources = {
  'zh-CN': {
    translation: mergeMessages(
      mergeMessages(siteResources['zh-CN'].translation, consoleZhCN),
      clarificationsZhCN,
    ),
  },
  'en-US': {
    translation: mergeMessages(
      mergeMessages(siteResources['en-US'].translation, consoleEnUS),
      clarificationsEnUS,
    ),
  },
};
