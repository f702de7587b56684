import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';
import { MESSAGE_DURATION_MS } from '@/shared/constants/limits';
import { NOTIFICATION_TOASTER } from '@/web/lib/api-errors';
import { useBrowserKnown } from '@/web/lib/server-render';
import { useDarkTheme } from '@/web/lib/theme';
import { PHONE_QUERY, useMediaQuery } from '@/web/lib/use-media-query';

/**
 * Toasts, and on a desktop the corner card for failed calls (docs/architecture.md, Web forms and
 * messages). Each toaster is a landmark, so each has a name of its own. They are not in the
 * server's markup: drawn once the app has taken that markup over.
 */
export function AppToasters() {
  const { t } = useTranslation();
  const dark = useDarkTheme();
  const phone = useMediaQuery(PHONE_QUERY);
  if (!useBrowserKnown()) return null;
  return (
    <>
      <Toaster
        position={phone ? 'bottom-center' : 'top-center'}
        richColors
        closeButton
        duration={MESSAGE_DURATION_MS}
        theme={dark ? 'dark' : 'light'}
        containerAriaLabel={t('a11y.toasts')}
      />
      {!phone && (
        <Toaster
          id={NOTIFICATION_TOASTER}
          position="top-right"
          // below the top navigation (h-14): the corner card must not cover the user menu
          offset={{ top: 64 }}
          richColors
          closeButton
          duration={MESSAGE_DURATION_MS}
          theme={dark ? 'dark' : 'light'}
          containerAriaLabel={t('a11y.notifications')}
        />
      )}
    </>
  );
}
