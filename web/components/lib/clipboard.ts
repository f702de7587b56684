import { toast } from 'sonner';
import { MESSAGE_DURATION_MS } from '@/shared/constants/limits';
import { i18n } from './i18n';

/** Copies text and says so ('Copied successfully' / 'Copied failed'). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(i18n.t('common.copied'), { duration: MESSAGE_DURATION_MS });
    return true;
  } catch {
    toast.error(i18n.t('common.copyFailed'), { duration: MESSAGE_DURATION_MS });
    return false;
  }
}
