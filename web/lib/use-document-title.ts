import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the tab title to "<title> - Verdict". */
export function useDocumentTitle(title: string | null | undefined): void {
  const { t } = useTranslation();
  const app = t('common.appName');
  useEffect(() => {
    document.title = title ? `${title} - ${app}` : app;
  }, [title, app]);
}
