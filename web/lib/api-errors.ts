import type { TFunction } from 'i18next';
import { toast } from 'sonner';
import { apiErrorText } from '@/shared/api/error-message';
import { MESSAGE_DURATION_MS } from '@/shared/constants/limits';

/** Shows a failed call's message (spec §8) as an error toast. */
export function toastApiError(error: unknown, t: TFunction): void {
  toast.error(apiErrorText(error, t), { duration: MESSAGE_DURATION_MS });
}
