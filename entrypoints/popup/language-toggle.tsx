import { useTranslation } from 'react-i18next';
import type { AppLanguage } from '@/shared/i18n';
import { Button } from '@/web/components/ui/button';
import { otherLanguage } from '../lib/language';
import { languageItem } from '../lib/settings';

/** Switches between 中文 and English; the choice is kept in storage.local. */
export function LanguageToggle() {
  const { t, i18n } = useTranslation();
  async function toggle() {
    const next = otherLanguage(i18n.language as AppLanguage);
    document.documentElement.lang = next;
    await i18n.changeLanguage(next);
    await languageItem.setValue(next);
  }
  return (
    <Button
      size="sm"
      variant="ghost"
      onClick={toggle}
      data-testid="language-toggle"
      title={t('common.language')}
    >
      {t('common.switchLanguage')}
    </Button>
  );
}
