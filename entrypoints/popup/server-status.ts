import { useCallback, useEffect, useRef, useState } from 'react';
import { browser } from 'wxt/browser';
import { hostPermissionPattern, needsHostPermission } from '../lib/server-url';
import { checkServer, type ServerInfo } from './server-check';

export type ServerStatus =
  | { state: 'checking' }
  | { state: 'ok'; info: ServerInfo }
  | { state: 'error'; reason: 'unreachable' | 'invalidUrl' | 'permissionDenied'; origin?: string }
  | { state: 'needs-permission' };

export async function hasHostPermission(url: string): Promise<boolean> {
  if (!needsHostPermission(url)) return true;
  return browser.permissions.contains({ origins: [hostPermissionPattern(url)] });
}

/**
 * Whether the configured server answers, checked when the popup opens (and on demand): the
 * popup's banner and the server settings both show it.
 */
export function useServerStatus(serverUrl: string | undefined, language: string) {
  const [status, setStatus] = useState<ServerStatus>({ state: 'checking' });
  const [round, setRound] = useState(0);
  // an answer already had for an address about to become the configured one (the settings'
  // Connect checks before it saves): used once instead of asking again, which showed
  // "connected", then "checking", then "connected" again
  const known = useRef<{ url: string; status: ServerStatus } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` asks for another check
  useEffect(() => {
    if (serverUrl === undefined) return;
    const had = known.current;
    known.current = null;
    if (had?.url === serverUrl) {
      setStatus(had.status);
      return;
    }
    let live = true;
    setStatus({ state: 'checking' });
    void (async () => {
      if (!(await hasHostPermission(serverUrl))) {
        if (live) setStatus({ state: 'needs-permission' });
        return;
      }
      const next: ServerStatus = await checkServer(serverUrl, language).then(
        (info) => ({ state: 'ok', info }),
        () => ({ state: 'error', reason: 'unreachable' }),
      );
      if (live) setStatus(next);
    })();
    return () => {
      live = false;
    };
  }, [serverUrl, language, round]);

  const recheck = useCallback(() => setRound((n) => n + 1), []);
  /** Show `next`; with `url`, it is the answer of that address, which is being saved as the server. */
  const report = useCallback((next: ServerStatus, url?: string) => {
    known.current = url === undefined ? null : { url, status: next };
    setStatus(next);
  }, []);
  return { status, setStatus: report, recheck };
}
