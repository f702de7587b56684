import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Toaster } from 'sonner';
import { MESSAGE_DURATION_MS } from '@/shared/constants/limits';
import { TooltipProvider } from '@/web/components/ui/tooltip';
import { NOTIFICATION_TOASTER } from '@/web/lib/api-errors';
import { syncLoginFromStorage } from '@/web/lib/auth';
import { i18n } from '@/web/lib/i18n';
import { createQueryClient } from '@/web/lib/query-client';
import { useTheme } from '@/web/lib/theme';
import { PHONE_QUERY, useMediaQuery } from '@/web/lib/use-media-query';

/** Spec §4: when the tab becomes visible again, pick up a login or logout made in another tab. */
function useLoginSyncOnVisible() {
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void syncLoginFromStorage();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const dark = useTheme((s) => s.dark);
  const phone = useMediaQuery(PHONE_QUERY);
  useLoginSyncOnVisible();
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <TooltipProvider delayDuration={300}>
          {children}
          <Toaster
            position={phone ? 'bottom-center' : 'top-center'}
            richColors
            closeButton
            duration={MESSAGE_DURATION_MS}
            theme={dark ? 'dark' : 'light'}
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
            />
          )}
        </TooltipProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
