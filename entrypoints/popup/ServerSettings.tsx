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
import { checkServer, type ServerInfo } from './server-check';

type Status =
  | { state: 'checking' }
  | { state: 'ok'; info: ServerInfo }
  | { state: 'error'; message: string }
  | { state: 'needs-permission' };

async function hasHostPermission(url: string): Promise<boolean> {
  if (!needsHostPermission(url)) return true;
  return browser.permissions.contains({ origins: [hostPermissionPattern(url)] });
}

/** The server URL setting: normalised, identified, and granted host access when needed. */
export function ServerSettings({ serverUrl }: { serverUrl: string }) {
  const { t, i18n } = useTranslation();
  const [input, setInput] = useState(serverUrl);
  const [status, setStatus] = useState<Status>({ state: 'checking' });

  useEffect(() => {
    let live = true;
    setInput(serverUrl);
    setStatus({ state: 'checking' });
    void (async () => {
      if (!(await hasHostPermission(serverUrl))) {
        if (live) setStatus({ state: 'needs-permission' });
        return;
      }
      const next: Status = await checkServer(serverUrl, i18n.language).then(
        (info) => ({ state: 'ok', info }),
        () => ({ state: 'error', message: t('ext.serverUnreachable') }),
      );
      if (live) setStatus(next);
    })();
    return () => {
      live = false;
    };
  }, [serverUrl, i18n.language, t]);

  async function connect(event: FormEvent) {
    event.preventDefault();
    const url = normalizeServerUrl(input);
    if (!url) {
      setStatus({ state: 'error', message: t('ext.serverInvalidUrl') });
      return;
    }
    // Must be the first await: the permission prompt needs the click's user gesture.
    if (
      needsHostPermission(url) &&
      !(await browser.permissions.request({ origins: [hostPermissionPattern(url)] }))
    ) {
      setStatus({ state: 'error', message: t('ext.permissionDenied', { origin: new URL(url).host }) });
      return;
    }
    setInput(url);
    setStatus({ state: 'checking' });
    try {
      const info = await checkServer(url, i18n.language);
      if (url !== serverUrl) {
        authStore.getState().clear(); // a token only means something to the server that issued it
        await serverUrlItem.setValue(url);
      }
      setStatus({ state: 'ok', info });
    } catch {
      setStatus({ state: 'error', message: t('ext.serverUnreachable') });
    }
  }

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
          className="h-8 text-sm"
        />
        <Button type="submit" size="sm" variant="outline" data-testid="server-connect">
          {t('ext.connect')}
        </Button>
      </div>
      <div data-testid="server-status" data-state={status.state} className="min-h-5 text-xs">
        {status.state === 'checking' && <span className="text-muted-foreground">{t('ext.checking')}</span>}
        {status.state === 'ok' && (
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
        {status.state === 'needs-permission' && (
          <span className="text-destructive">{t('ext.permissionMissing')}</span>
        )}
        {status.state === 'error' && <span className="text-destructive">{status.message}</span>}
      </div>
    </form>
  );
}
