import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { TooltipProvider } from '@/web/components/ui/tooltip';
import { syncLoginFromStorage } from '@/web/lib/auth';
import { i18n } from '@/web/lib/i18n';
import { startLiveConnection } from '@/web/lib/live';
import { queryClient } from '@/web/lib/query-client';
import { AppToasters } from './toasters';

/**
 * When the tab becomes visible again, pick up a login or logout made in another tab. The companion
 * extension's page script writes its login as the page loads and says so with the same event; one
 * written before this listener exists (the first render may take a while: web/main.tsx) is read
 * when it starts listening.
 */
function useLoginSyncOnVisible() {
  useEffect(() => {
    void syncLoginFromStorage();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void syncLoginFromStorage();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);
}

export function AppProviders({ children }: { children: ReactNode }) {
  useLoginSyncOnVisible();
  // the tab's one live stream: pushed verdicts, queue places, unread counts, watched boards
  useEffect(() => startLiveConnection(), []);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <TooltipProvider delayDuration={300}>
          {children}
          <AppToasters />
        </TooltipProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
