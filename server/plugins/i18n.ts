import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { i18n as I18n } from 'i18next';
import {
  type AppLanguage,
  createI18n,
  LANGUAGE_COOKIE,
  LANGUAGES,
  languageFromAcceptHeader,
  normalizeLanguage,
} from '../../shared/i18n';
import { allResources } from '../../shared/i18n/all-messages';
import { cookieValue } from './cookies';

declare module 'fastify' {
  interface FastifyRequest {
    lang: AppLanguage;
    t(key: string, params?: Record<string, string | number>): string;
  }
}

/** The caller's language: Accept-Language (our clients send their interface language), then the cookie. */
export function requestLanguage(request: FastifyRequest): AppLanguage {
  const accept = request.headers['accept-language'];
  const fromHeader = accept ? normalizeLanguage(accept.split(',')[0]?.split(';')[0]) : undefined;
  return (
    fromHeader ??
    normalizeLanguage(cookieValue(request.headers.cookie, LANGUAGE_COOKIE)) ??
    languageFromAcceptHeader(null)
  );
}

/** Server messages come from locales/ in the caller's language. */
export const i18nPlugin = fp(async (app: FastifyInstance) => {
  const instances = Object.fromEntries(LANGUAGES.map((l) => [l, createI18n(l, allResources)])) as Record<
    AppLanguage,
    I18n
  >;
  app.decorateRequest('lang', 'zh-CN');
  app.decorateRequest(
    't',
    function (this: FastifyRequest, key: string, params?: Record<string, string | number>) {
      const i18n = instances[this.lang];
      return i18n.exists(key) ? i18n.t(key, params) : key;
    },
  );
  app.addHook('onRequest', async (request) => {
    request.lang = requestLanguage(request);
  });
});
