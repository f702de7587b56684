import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { browser } from 'wxt/browser';
import { ApiError } from '@/shared/api/client';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { cacheProblem, loadProblem, parsePinInput } from '../lib/problem';
import { serverUrlItem } from '../lib/settings';
import { pinnedItem } from '../lib/state';
import { pageApi } from '../ui/page-api';
import { useStorageItem } from './use-storage-item';

/** The window this page belongs to, known before any click (opening a panel needs the click's gesture). */
let windowId: number | undefined;
void browser.windows
  ?.getCurrent()
  .then((w) => {
    windowId = w.id;
  })
  .catch(() => undefined);

/** Opens the side panel (Chrome) or sidebar (Firefox); must be called synchronously inside the click. */
export function openPanel(): void {
  const chromePanel = (browser as unknown as { sidePanel?: { open(o: { windowId: number }): Promise<void> } })
    .sidePanel;
  const sidebar = (browser as unknown as { sidebarAction?: { open(): Promise<void> } }).sidebarAction;
  if (chromePanel?.open && windowId !== undefined) void chromePanel.open({ windowId }).catch(() => undefined);
  else void sidebar?.open().catch(() => undefined);
}

type PinState =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'invalid' }
  | { state: 'refused'; problem: string; reason: 'notFound' | 'unreachable' };

/**
 * Pin a problem by id ("1000", or "<contest id>/<display id>") and open the side panel. The id is
 * checked against the server first (the problem's detail, which the panel then shows from its
 * cache): an id the server does not know is refused here, and the pin stays as it was.
 */
export function PinBox() {
  const { t, i18n } = useTranslation();
  const pinned = useStorageItem(pinnedItem);
  const serverUrl = useStorageItem(serverUrlItem);
  const [input, setInput] = useState('');
  const [status, setStatus] = useState<PinState>({ state: 'idle' });

  async function pin(event: FormEvent) {
    event.preventDefault();
    const target = parsePinInput(input);
    if (!target || !serverUrl) {
      setStatus({ state: 'invalid' });
      return;
    }
    openPanel(); // first: the click's user gesture does not survive an await
    setStatus({ state: 'checking' });
    const problem = target.cid ? `${target.cid}/${target.problemId}` : target.problemId;
    try {
      await cacheProblem(await loadProblem(pageApi(serverUrl, i18n.language), target));
    } catch (error) {
      const unreachable = error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout');
      setStatus({ state: 'refused', problem, reason: unreachable ? 'unreachable' : 'notFound' });
      return;
    }
    await pinnedItem.setValue({ ...target, pinnedAt: Date.now() });
    setStatus({ state: 'idle' });
    setInput('');
  }

  const refused = status.state === 'invalid' || status.state === 'refused';
  return (
    <form onSubmit={pin} className="flex flex-col gap-1" noValidate data-testid="pin-box">
      <div className="flex gap-2">
        <Input
          data-testid="pin-input"
          aria-label={t('ext.pin.label')}
          aria-invalid={refused}
          aria-describedby="pin-status"
          placeholder={t('ext.pin.placeholder')}
          value={input}
          onChange={(e) => setInput(e.target.value)}
          className="h-8 text-sm"
        />
        <Button
          type="submit"
          size="sm"
          variant="outline"
          disabled={status.state === 'checking'}
          data-testid="pin-submit"
        >
          {t('ext.pin.pin')}
        </Button>
      </div>
      <p
        id="pin-status"
        role={refused ? 'alert' : undefined}
        className={refused ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'}
        data-testid="pinned-now"
        data-state={status.state}
      >
        {status.state === 'invalid'
          ? t('ext.pin.invalid')
          : status.state === 'refused'
            ? t(`ext.pin.${status.reason}`, { problem: status.problem })
            : status.state === 'checking'
              ? t('ext.pin.checking')
              : pinned
                ? t('ext.pin.current', {
                    problem: pinned.cid ? `${pinned.cid}/${pinned.problemId}` : pinned.problemId,
                  })
                : t('ext.pin.none')}
      </p>
    </form>
  );
}
