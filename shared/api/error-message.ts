import { ApiError } from './client';

/**
 * The text a failed call shows, for any UI: the server's msg when it sent one,
 * otherwise the catalogue entry (i18n keys of locales/*.json: section `errors`, or another section
 * with the same keys, as the contest front end's own wording `contestSite.errors`).
 */
export function apiErrorText(error: unknown, t: (key: string) => string, catalogue = 'errors'): string {
  if (!(error instanceof ApiError)) return t(`${catalogue}.serverError`);
  if (error.kind === 'timeout') return t(`${catalogue}.timeout`);
  if (error.kind === 'network') return t(`${catalogue}.network`);
  if (error.httpStatus === 404) return t(`${catalogue}.notFound`);
  if (error.httpStatus === 401) return error.message || t(`${catalogue}.pleaseLogin`);
  return error.message || t(`${catalogue}.serverError`);
}
