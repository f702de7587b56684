import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/web/components/ui/button';
import { requestRefreshAll } from '../lib/messages';
import { pendingLogoutItem } from '../lib/state';
import { useStorageItem } from './use-storage-item';

/**
 * A logout the server did not hear: the login is gone here but still valid on the server until
 * the worker reaches it (it retries with every refresh). Says so, with a way to retry now.
 */
export function PendingLogoutNotice() {
  const { t } = useTranslation();
  const pending = useStorageItem(pendingLogoutItem);
  const [busy, setBusy] = useState(false);
  if (!pending) return null;
  const host = new URL(pending.serverUrl).host;
  async function retry() {
    setBusy(true);
    await requestRefreshAll().catch(() => undefined);
    setBusy(false);
  }
  return (
    <div
      role="status"
      className="flex items-start justify-between gap-2 rounded-md border border-amber-500/50 bg-amber-500/10 px-3 py-2 text-xs"
      data-testid="logout-pending"
    >
      <p>{t('ext.logoutPending', { host })}</p>
      <Button
        size="sm"
        variant="outline"
        className="h-7 shrink-0"
        disabled={busy}
        onClick={retry}
        data-testid="logout-retry"
      >
        {t('ext.banner.retry')}
      </Button>
    </div>
  );
}
