import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { LOGIN_WRITTEN_EVENT } from '@/shared/stores/auth';
import { TooltipProvider } from '@/web/components/ui/tooltip';
import { syncLoginFromStorage } from '@/web/lib/auth';
import { i18n } from '@/web/lib/i18n';
import { startLiveConnection } from '@/web/lib/live';
import { queryClient } from '@/web/lib/query-client';
import { AppToasters } from './toasters';

/**
 * Picks up a login or logout made elsewhere: in another tab (read again when this one comes into
 * view) or by the companion extension's page script, which writes it into this page's storage and
 * fires LOGIN_WRITTEN_EVENT. That script may write before this listener exists (the first render
 * waits for the screen's code: web/main.tsx), so the login is also read once when listening starts.
 */
function useLoginFollowing() {
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void syncLoginFromStorage();
    };
    const onWritten = () => void syncLoginFromStorage();
    document.addEventListener('visibilitychange', onVisible);
    document.addEventListener(LOGIN_WRITTEN_EVENT, onWritten);
    void syncLoginFromStorage();
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      document.removeEventListener(LOGIN_WRITTEN_EVENT, onWritten);
    };
  }, []);
}

export function AppProviders({ children }: { children: ReactNode }) {
  useLoginFollowing();
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
