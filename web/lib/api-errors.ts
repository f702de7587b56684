import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { apiErrorText } from '@/shared/api/error-message';
import { PHONE_QUERY } from './use-media-query';

/** The corner toaster of the desktop's notification titled Error (see AppProviders). */
export const NOTIFICATION_TOASTER = 'notifications';

/** Phones and tablets get the toast only (docs/architecture.md, Web forms and messages). */
function isMobile(): boolean {
  return window.matchMedia(PHONE_QUERY).matches;
}

let catalogue = 'errors';

/** The contest front end words failures its own way; its layout switches the catalogue while mounted. */
export function useErrorCatalogue(section: string): void {
  useEffect(() => {
    const previous = catalogue;
    catalogue = section;
    return () => {
      catalogue = previous;
    };
  }, [section]);
}

/**
 * Shows a failed call's message as an error toast and, on a desktop, also as a
 * notification titled Error in the top-right corner.
 */
export function toastApiError(error: unknown, t: TFunction): void {
  const text = apiErrorText(error, t, catalogue);
  toast.error(text);
  if (!isMobile()) {
    toast.error(t('common.error'), {
      description: text,
      toasterId: NOTIFICATION_TOASTER,
      testId: 'error-notification',
    });
  }
}
