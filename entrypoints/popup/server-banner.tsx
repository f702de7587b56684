import { useTranslation } from 'react-i18next';
import { Button } from '@/web/components/ui/button';
import type { UnreadState } from '../lib/settings';
import type { ServerStatus } from './server-status';

/**
 * At the top of the popup when the configured server does not answer (or access to it is not
 * granted): says so and how old the lists below are, with a way to check again.
 */
export function ServerBanner({
  serverUrl,
  status,
  unread,
  onRetry,
}: {
  serverUrl: string;
  status: ServerStatus;
  unread: UnreadState | null | undefined;
  onRetry: () => void;
}) {
  const { t, i18n } = useTranslation();
  const down = status.state === 'error' && status.reason === 'unreachable';
  if (!down && status.state !== 'needs-permission') return null;
  const host = new URL(serverUrl).host;
  return (
    <div
      role="alert"
      className="flex items-start justify-between gap-2 rounded-md border border-destructive/50 bg-destructive/10 px-3 py-2 text-xs"
      data-testid="server-down"
      data-state={status.state}
    >
      <div className="flex min-w-0 flex-col gap-0.5">
        <p className="font-semibold text-destructive">
          {down ? t('ext.banner.down', { host }) : t('ext.banner.permission', { host })}
        </p>
        {down && (
          <p className="text-muted-foreground" data-testid="server-down-since">
            {unread?.checkedAt
              ? t('ext.banner.staleSince', {
                  time: new Date(unread.checkedAt).toLocaleTimeString(i18n.language),
                })
              : t('ext.banner.nothingYet')}
          </p>
        )}
      </div>
      {down && (
        <Button
          size="sm"
          variant="outline"
          className="h-7 shrink-0"
          onClick={onRetry}
          data-testid="server-retry"
        >
          {t('ext.banner.retry')}
        </Button>
      )}
    </div>
  );
}
