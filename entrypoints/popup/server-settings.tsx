import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { browser } from 'wxt/browser';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { hostPermissionPattern, needsHostPermission, normalizeServerUrl } from '../lib/server-url';
import { serverUrlItem } from '../lib/settings';
import { authStore } from './auth-store';
import { checkServer } from './server-check';
import type { ServerStatus } from './server-status';

/**
 * The server URL setting: normalised, identified, and granted host access when needed. The
 * status shown belongs to the address in use; as soon as another one is typed or being checked,
 * the old "connected" badge goes away.
 */
export function ServerSettings({
  serverUrl,
  status,
  onStatus,
}: {
  serverUrl: string;
  status: ServerStatus;
  /** `url`: the status is that address's, about to be saved as the server (no need to ask again) */
  onStatus: (status: ServerStatus, url?: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const [input, setInput] = useState(serverUrl);
  useEffect(() => setInput(serverUrl), [serverUrl]);
  const edited = input.trim() !== serverUrl && normalizeServerUrl(input) !== serverUrl;

  async function connect(event: FormEvent) {
    event.preventDefault();
    const url = normalizeServerUrl(input);
    if (!url) {
      onStatus({ state: 'error', reason: 'invalidUrl' });
      return;
    }
    onStatus({ state: 'checking' });
    // Must be the first await: the permission prompt needs the click's user gesture.
    if (
      needsHostPermission(url) &&
      !(await browser.permissions.request({ origins: [hostPermissionPattern(url)] }))
    ) {
      onStatus({ state: 'error', reason: 'permissionDenied', origin: new URL(url).host });
      return;
    }
    setInput(url);
    try {
      const info = await checkServer(url, i18n.language);
      const changed = url !== serverUrl;
      onStatus({ state: 'ok', info }, changed ? url : undefined);
      if (changed) {
        authStore.getState().clear(); // a token only means something to the server that issued it
        await serverUrlItem.setValue(url);
      }
    } catch {
      onStatus({ state: 'error', reason: 'unreachable' });
    }
  }

  const shown = edited && status.state === 'ok' ? 'edited' : status.state;
  return (
    <form onSubmit={connect} className="flex flex-col gap-1.5" noValidate>
      <Label htmlFor="server-url">{t('ext.serverUrl')}</Label>
      <div className="flex gap-2">
        <Input
          id="server-url"
          data-testid="server-url"
          value={input}
          onChange={(e) => setInput(e.target.value)}
          placeholder="http://localhost:8080"
          spellCheck={false}
          autoComplete="url"
          aria-describedby="server-status"
          className="h-8 text-sm"
        />
        <Button type="submit" size="sm" variant="outline" data-testid="server-connect">
          {t('ext.connect')}
        </Button>
      </div>
      <div id="server-status" data-testid="server-status" data-state={shown} className="min-h-5 text-xs">
        {shown === 'checking' && <span className="text-muted-foreground">{t('ext.checking')}</span>}
        {shown === 'edited' && <span className="text-muted-foreground">{t('ext.serverEdited')}</span>}
        {shown === 'ok' && status.state === 'ok' && (
          <span className="flex items-center gap-1.5 text-muted-foreground">
            <Badge
              variant={status.info.kind === 'verdict' ? 'default' : 'secondary'}
              data-kind={status.info.kind}
            >
              {status.info.kind === 'verdict' ? t('ext.serverVerdict') : t('ext.serverHoj')}
            </Badge>
            <span className="truncate">
              {status.info.name}
              {status.info.version ? ` · v${status.info.version}` : ''}
            </span>
          </span>
        )}
        {shown === 'needs-permission' && (
          <span className="text-destructive">{t('ext.permissionMissing')}</span>
        )}
        {status.state === 'error' && (
          <span className="text-destructive" role="alert">
            {status.reason === 'invalidUrl'
              ? t('ext.serverInvalidUrl')
              : status.reason === 'permissionDenied'
                ? t('ext.permissionDenied', { origin: status.origin ?? '' })
                : t('ext.serverUnreachable')}
          </span>
        )}
      </div>
    </form>
  );
}
