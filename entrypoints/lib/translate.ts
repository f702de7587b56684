import type { TFunction } from 'i18next';
import { createI18n } from '@/shared/i18n';

const cache = new Map<string, TFunction>();

/** A translator for the worker's notifications, in the extension's language. */
export function translator(language: 'zh-CN' | 'en-US'): TFunction {
  let t = cache.get(language);
  if (!t) {
    t = createI18n(language).t;
    cache.set(language, t);
  }
  return t;
}
