import i18next, { type i18n as I18n } from 'i18next';

export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type AppLanguage = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: AppLanguage = 'zh-CN';
/** cookie that keeps the interface language */
export const LANGUAGE_COOKIE = 'Web_Language';

export type Messages = { [key: string]: string | Messages };

/** `extra`'s keys added into a copy of `base`, sections merged key by key. */
export function mergeMessages(base: Messages, extra: Messages): Messages {
  const out: Messages = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const mine = out[key];
    out[key] = typeof value === 'object' && typeof mine === 'object' ? mergeMessages(mine, value) : value;
  }
  return out;
}

/**
 * Messages by language. The site's own (`locales/<lang>.json`) are in ./site-messages, the admin
 * console's in ./console-messages; this module holds none, so the web app downloads only the
 * language it shows (web/lib/site-messages.ts).
 */
export type Resources = Record<AppLanguage, { translation: Messages }>;

/** Maps any spelling (zh-cn, zh, en, en-us ...) to one of our languages; unknown → undefined. */
export function normalizeLanguage(value: string | null | undefined): AppLanguage | undefined {
  if (!value) return undefined;
  const v = value.trim().toLowerCase();
  if (v.startsWith('zh')) return 'zh-CN';
  if (v.startsWith('en')) return 'en-US';
  return undefined;
}

/**
 * `?l=zh-cn` forces Chinese and any other value of l forces English; otherwise the
 * Web_Language cookie; otherwise zh-CN.
 */
export function resolveLanguage(input: { query?: string | null; cookie?: string | null }): AppLanguage {
  if (input.query !== undefined && input.query !== null && input.query !== '') {
    return input.query.trim().toLowerCase() === 'zh-cn' ? 'zh-CN' : 'en-US';
  }
  return normalizeLanguage(input.cookie) ?? DEFAULT_LANGUAGE;
}

/** Picks the best of our languages from an Accept-Language header. */
export function languageFromAcceptHeader(header: string | null | undefined): AppLanguage {
  if (!header) return DEFAULT_LANGUAGE;
  for (const part of header.split(',')) {
    const lang = normalizeLanguage(part.split(';')[0]);
    if (lang) return lang;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * Creates an independent i18next instance (web, popup, side panel and server each own one) over
 * the messages given: ./site-messages `createSiteI18n` for the site's, the server's
 * ./all-messages allResources for every message, the web app its own language's alone.
 */
export function createI18n(language: AppLanguage, resources: Partial<Resources>): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    resources,
    lng: language,
    fallbackLng: 'en-US',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}
