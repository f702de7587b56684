import type { TFunction } from 'i18next';
import { createSiteI18n } from '@/shared/i18n/site-messages';

const cache = new Map<string, TFunction>();

/** A translator for the worker's notifications, in the extension's language. */
export function translator(language: 'zh-CN' | 'en-US'): TFunction {
  let t = cache.get(language);
  if (!t) {
    t = createSiteI18n(language).t;
    cache.set(language, t);
  }
  return t;
}
