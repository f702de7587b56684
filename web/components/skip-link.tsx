import { useTranslation } from 'react-i18next';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * The first thing Tab reaches: a link past the navigation to the page's content, visible only
 * while it has the focus. It moves the focus itself (the content is `tabIndex={-1}`) instead of
 * changing the URL's hash, which the router would take for a navigation.
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      data-testid="skip-link"
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded-md focus:bg-background focus:px-3 focus:py-2 focus:font-medium focus:text-sm focus:shadow-lg"
      onClick={(e) => {
        const main = document.getElementById(MAIN_CONTENT_ID);
        if (!main) return;
        e.preventDefault();
        main.focus();
        main.scrollIntoView();
      }}
    >
      {t('a11y.skipToContent')}
    </a>
  );
}
