import { browser } from 'wxt/browser';
import { serialized } from './serialized';
import { hostPermissionPattern } from './server-url';
import { serverUrlItem } from './settings';

export const SITE_SCRIPT_ID = 'verdict-site';
/** The built content script (entrypoints/site.content.ts, registration: runtime). */
export const SITE_SCRIPT_FILE = 'content-scripts/site.js';

/**
 * Registers the site content script for the configured server's host, once access to it is
 * granted (the manifest only covers localhost; others are asked for when the user connects).
 * The script itself checks the exact origin, since match patterns ignore ports.
 *
 * The calls (at install, at start-up, when the server changes) run one after another and each
 * reads the server from storage at its turn: a start-up that read the default server before the
 * user's change must not register the default's host over the change's.
 */
export const syncSiteScript = serialized(async () => registerFor(await serverUrlItem.getValue()));

async function registerFor(serverUrl: string): Promise<boolean> {
  const scripting = browser.scripting;
  if (!scripting?.registerContentScripts) return false;
  const pattern = hostPermissionPattern(serverUrl);
  const granted = await browser.permissions.contains({ origins: [pattern] }).catch(() => false);
  const existing = await scripting.getRegisteredContentScripts({ ids: [SITE_SCRIPT_ID] }).catch(() => []);
  if (!granted) {
    if (existing.length) await scripting.unregisterContentScripts({ ids: [SITE_SCRIPT_ID] });
    return false;
  }
  if (existing[0]?.matches?.length === 1 && existing[0].matches[0] === pattern) return true;
  const script = {
    id: SITE_SCRIPT_ID,
    matches: [pattern],
    js: [SITE_SCRIPT_FILE],
    runAt: 'document_idle' as const,
    persistAcrossSessions: true,
  };
  if (existing.length) await scripting.updateContentScripts([script]);
  else await scripting.registerContentScripts([script]);
  return true;
}
