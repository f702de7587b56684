import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/web/components/ui/button';
import { requestRefreshAll } from '../lib/messages';
import { unreadItem } from '../lib/settings';
import { contestsItem, recentItem } from '../lib/state';
import { popupApi } from './api';
import { authStore, useAuth } from './auth-store';
import { PinBox } from './PinBox';
import { QuickLinks } from './QuickLinks';
import { QuickSubmit } from './QuickSubmit';
import { RecentSubmissions } from './RecentSubmissions';
import { RunningContests } from './RunningContests';
import { UnreadList } from './UnreadList';
import { useStorageItem } from './use-storage-item';

/**
 * The logged-in view. Everything is first drawn from what the worker stored (so the popup shows
 * its content at once), then the worker is asked to refresh it.
 */
export function Account({ serverUrl }: { serverUrl: string }) {
  const { t, i18n } = useTranslation();
  const username = useAuth((s) => s.userInfo?.username ?? '');
  const unread = useStorageItem(unreadItem);
  const recent = useStorageItem(recentItem);
  const contests = useStorageItem(contestsItem);
  const [refreshing, setRefreshing] = useState(false);
  const [leaving, setLeaving] = useState(false);

  const refresh = useCallback(async () => {
    setRefreshing(true);
    await requestRefreshAll().catch(() => undefined);
    setRefreshing(false);
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  async function logout() {
    setLeaving(true);
    // Revoke on the server when it answers (every token of the user, so the web app's too);
    // forget the login here in any case (the site content script then clears the web app's).
    await popupApi(serverUrl, i18n.language)
      .logout()
      .catch(() => undefined);
    authStore.getState().clear();
  }

  return (
    <div className="flex flex-col gap-3" data-testid="account">
      <div className="flex items-center justify-between gap-2">
        <p className="min-w-0 truncate text-sm">
          <span className="text-muted-foreground">{t('ext.signedInAs')} </span>
          <span className="font-semibold" data-testid="signed-in-user">
            {username}
          </span>
        </p>
        <div className="flex shrink-0 gap-1">
          <Button
            size="sm"
            variant="ghost"
            onClick={refresh}
            disabled={refreshing}
            data-testid="unread-refresh"
          >
            {t('common.refresh')}
          </Button>
          <Button size="sm" variant="outline" onClick={logout} disabled={leaving} data-testid="logout">
            {t('common.logout')}
          </Button>
        </div>
      </div>
      <QuickLinks serverUrl={serverUrl} />
      <RecentSubmissions recent={recent} serverUrl={serverUrl} />
      <RunningContests contests={contests} serverUrl={serverUrl} />
      <PinBox />
      <QuickSubmit serverUrl={serverUrl} />
      <UnreadList unread={unread} serverUrl={serverUrl} />
    </div>
  );
}
