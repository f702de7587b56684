import { type AppLanguage, normalizeLanguage } from '@/shared/i18n';

/** When neither the stored choice nor the browser names one of our languages. */
export const EXT_FALLBACK_LANGUAGE: AppLanguage = 'en-US';

/** The extension follows the browser's language unless the user picked one in the popup. */
export function resolveExtLanguage(
  stored: string | null | undefined,
  browserLanguage: string | undefined,
): AppLanguage {
  return normalizeLanguage(stored) ?? normalizeLanguage(browserLanguage) ?? EXT_FALLBACK_LANGUAGE;
}

export function otherLanguage(language: AppLanguage): AppLanguage {
  return language === 'zh-CN' ? 'en-US' : 'zh-CN';
}
