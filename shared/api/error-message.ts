import { ApiError } from './client';

/**
 * The text a failed call shows (spec §8), for any UI: the server's msg when it sent one,
 * otherwise the catalogue entry (i18n keys of locales/*.json, section `errors`).
 */
export function apiErrorText(error: unknown, t: (key: string) => string): string {
  if (!(error instanceof ApiError)) return t('errors.serverError');
  if (error.kind === 'timeout') return t('errors.timeout');
  if (error.kind === 'network') return t('errors.network');
  if (error.httpStatus === 404) return t('errors.notFound');
  if (error.httpStatus === 401) return error.message || t('errors.pleaseLogin');
  return error.message || t('errors.serverError');
}
