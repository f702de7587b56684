import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/web/components/ui/button';
import { logoutOnServer } from '../lib/logout';
import { requestRefreshAll } from '../lib/messages';
import type { UnreadState } from '../lib/settings';
import { contestsItem, recentItem } from '../lib/state';
import { authStore, useAuth } from './auth-store';
import { PinBox } from './pin-box';
import { PopupTabs } from './popup-tabs';
import { QuickLinks } from './quick-links';
import { QuickSubmit } from './quick-submit';
import { RecentSubmissions } from './recent-submissions';
import { RunningContests } from './running-contests';
import { UnreadList } from './unread-list';
import { useStorageItem } from './use-storage-item';

/**
 * The logged-in view: the user with refresh and logout, then tabs (last submissions and running
 * contests; pin and quick submit; unread messages; the server), so the popup keeps within its
 * 600 px. Everything is first drawn from what the worker stored (so the popup shows its content at
 * once), then the worker is asked to refresh it.
 */
export function Account({
  serverUrl,
  serverTab,
  unread,
}: {
  serverUrl: string;
  serverTab: ReactNode;
  unread: UnreadState | null | undefined;
}) {
  const { t, i18n } = useTranslation();
  const username = useAuth((s) => s.userInfo?.username ?? '');
  const recent = useStorageItem(recentItem);
  const contests = useStorageItem(contestsItem);
  const [refreshing, setRefreshing] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [tab, setTab] = useState('overview');

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
    // Revoke on the server (every token of the user, so the web app's too); when it cannot be
    // reached the worker retries later and the popup says so. Forget the login here in any case
    // (the site content script then clears the web app's).
    const { token, userInfo } = authStore.getState();
    if (token) await logoutOnServer(serverUrl, token, userInfo?.username ?? null, i18n.language);
    authStore.getState().clear();
  }

  const unreadTotal = unread?.counts ? unread.total : 0;
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2" data-testid="account">
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
      <PopupTabs
        value={tab}
        onValueChange={setTab}
        label={t('ext.tabs.label')}
        tabs={[
          {
            value: 'overview',
            label: t('ext.tabs.overview'),
            content: (
              <div className="flex flex-col gap-3">
                <QuickLinks serverUrl={serverUrl} />
                <RecentSubmissions recent={recent} serverUrl={serverUrl} />
                <RunningContests contests={contests} serverUrl={serverUrl} />
              </div>
            ),
          },
          {
            value: 'submit',
            label: t('ext.tabs.submit'),
            content: (
              <div className="flex flex-col gap-3">
                <PinBox />
                <QuickSubmit serverUrl={serverUrl} />
              </div>
            ),
          },
          {
            value: 'messages',
            label: (
              <>
                {t('ext.tabs.messages')}
                {unreadTotal > 0 && (
                  <span
                    className="rounded-full bg-primary px-1.5 text-[10px] leading-4 text-primary-foreground tabular-nums"
                    data-testid="tab-messages-count"
                  >
                    {unreadTotal}
                  </span>
                )}
              </>
            ),
            content: <UnreadList unread={unread} serverUrl={serverUrl} />,
          },
          { value: 'server', label: t('ext.tabs.server'), content: serverTab },
        ]}
      />
    </div>
  );
}
