import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { descriptionKeyFor } from '@/shared/seo/page-descriptions';

function descriptionMeta(): HTMLMetaElement {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  return meta;
}

/**
 * Keeps the page's meta description in step with the route and the language (the table in
 * shared/seo). The server writes the first load's description into index.html, a public problem's
 * own first sentence, which alone is marked with its path: on that path it is kept (it is in the
 * statement's language, whichever the interface's); every other page gets the text of its kind of
 * page in the interface's language.
 */
export function RouteDescription() {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const text = t(descriptionKeyFor(pathname));
  useEffect(() => {
    const meta = descriptionMeta();
    if (meta.dataset.path === pathname && meta.content) return;
    delete meta.dataset.path;
    meta.content = text;
  }, [pathname, text]);
  return null;
}
