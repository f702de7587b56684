import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineWxtModule } from 'wxt/modules';

/**
 * locales/<lang>.json (i18next, shared with the web app) is the one source of translations.
 * This module emits _locales/<folder>/messages.json with the keys the browser itself reads
 * (manifest __MSG_extName__ / __MSG_extDescription__, chrome.i18n.getMessage).
 */
export const BROWSER_KEYS = ['extName', 'extDescription'] as const;

/** Our language tags → the browser's _locales folder names (underscores; 'en' is default_locale). */
const FOLDERS: Record<string, string> = { 'en-US': 'en', 'zh-CN': 'zh_CN' };

export function localeFolder(lang: string): string {
  return FOLDERS[lang] ?? lang.replace(/-/g, '_');
}

export function browserMessages(
  source: Record<string, unknown>,
  file: string,
): Record<string, { message: string }> {
  const messages: Record<string, { message: string }> = {};
  for (const key of BROWSER_KEYS) {
    const value = source[key];
    if (typeof value !== 'string' || !value) throw new Error(`ext-locales: ${file} has no string "${key}"`);
    messages[key] = { message: value };
  }
  return messages;
}

export default defineWxtModule({
  name: 'ext-locales',
  setup(wxt) {
    wxt.hook('build:publicAssets', (_, files) => {
      const dir = resolve(wxt.config.root, 'locales');
      for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
        const source = JSON.parse(readFileSync(resolve(dir, file), 'utf8')) as Record<string, unknown>;
        files.push({
          relativeDest: `_locales/${localeFolder(file.replace(/\.json$/, ''))}/messages.json`,
          contents: `${JSON.stringify(browserMessages(source, file), null, 2)}\n`,
        });
      }
    });
  },
});
