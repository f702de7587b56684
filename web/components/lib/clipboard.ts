import type { TFunction } from 'i18next';
import { toast } from 'sonner';

/**
 * Copies text and says so ('Copied successfully' / 'Copied failed'), in the language of the
 * caller's i18next instance (the web app and the extension each have their own).
 */
export async function copyText(text: string, t: TFunction): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(t('common.copied'));
    return true;
  } catch {
    toast.error(t('common.copyFailed'));
    return false;
  }
}
