import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/web/components/ui/button';
import { requestUnreadRefresh } from '../lib/messages';
import { unreadItem } from '../lib/settings';
import { popupApi } from './api';
import { authStore, useAuth } from './auth-store';
import { UnreadList } from './UnreadList';
import { useStorageItem } from './use-storage-item';

/** The logged-in view: who, unread counts (kept by the worker), refresh and logout. */
export function Account({ serverUrl }: { serverUrl: string }) {
  const { t, i18n } = useTranslation();
  const username = useAuth((s) => s.userInfo?.username ?? '');
  const unread = useStorageItem(unreadItem);
  const [refreshing, setRefreshing] = useState(false);
  const [leaving, setLeaving] = useState(false);

  const refresh = useCallback(async () => {
    setRefreshing(true);
    await requestUnreadRefresh().catch(() => undefined);
    setRefreshing(false);
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  async function logout() {
    setLeaving(true);
    // Revoke on the server when it answers; forget the login here in any case.
    await popupApi(serverUrl, i18n.language)
      .logout()
      .catch(() => undefined);
    authStore.getState().clear();
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <p className="min-w-0 truncate text-sm">
          <span className="text-muted-foreground">{t('ext.signedInAs')} </span>
          <span className="font-semibold" data-testid="signed-in-user">
            {username}
          </span>
        </p>
        <Button
          size="sm"
          variant="ghost"
          onClick={refresh}
          disabled={refreshing}
          data-testid="unread-refresh"
        >
          {t('common.refresh')}
        </Button>
      </div>
      <UnreadList unread={unread} />
      <Button size="sm" variant="outline" onClick={logout} disabled={leaving} data-testid="logout">
        {t('common.logout')}
      </Button>
    </div>
  );
}
