import type { TFunction } from 'i18next';
import { toast } from 'sonner';
import { ApiError } from '@/shared/api/client';
import { apiErrorText } from '@/shared/api/error-message';
import { toastApiError } from '@/web/lib/api-errors';

/**
 * A refusal's text: the server's own message whenever it sent one (a missing user or an expired
 * download says which and why, where the site's generic words would only say "not found").
 */
export function refusalText(error: unknown, t: (key: string) => string): string {
  if (error instanceof ApiError && error.kind === 'status' && error.message) return error.message;
  return apiErrorText(error, t);
}

/** Shows a refusal as the site shows failed calls, keeping the server's words for a 404. */
export function showRefusal(error: unknown, t: TFunction): void {
  if (error instanceof ApiError && error.httpStatus === 404 && error.message) toast.error(error.message);
  else toastApiError(error, t);
}
