import clarificationsEnUS from '../../locales/clarifications/en-US.json';
import clarificationsZhCN from '../../locales/clarifications/zh-CN.json';
import { consoleMessages } from './console-messages';
import { mergeMessages, type Resources } from './index';
import { siteResources } from './site-messages';

/**
 * Every message, the site's, the console's and the contest Clarifications tab's (the web app loads
 * the last two with their screens): what the server answers in.
 */
export const allResources: Resources = {
  'zh-CN': {
    translation: mergeMessages(
      mergeMessages(siteResources['zh-CN'].translation, consoleMessages['zh-CN']),
      clarificationsZhCN,
    ),
  },
  'en-US': {
    translation: mergeMessages(
      mergeMessages(siteResources['en-US'].translation, consoleMessages['en-US']),
      clarificationsEnUS,
    ),
  },
};
