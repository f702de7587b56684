import { consoleMessages } from '@/shared/i18n/console-messages';
import { i18n } from '@/web/lib/i18n';

/**
 * The console's words join the app's messages when its first screen loads (the console's layout
 * imports this module): the site's other pages never download them.
 */
for (const [language, messages] of Object.entries(consoleMessages)) {
  i18n.addResourceBundle(language, 'translation', messages, true, true);
}
