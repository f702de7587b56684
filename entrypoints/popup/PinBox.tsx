import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { browser } from 'wxt/browser';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { parsePinInput } from '../lib/problem';
import { pinnedItem } from '../lib/state';
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

/** Pin a problem by id ("1000", or "<contest id>/<display id>") and open the side panel. */
export function PinBox() {
  const { t } = useTranslation();
  const pinned = useStorageItem(pinnedItem);
  const [input, setInput] = useState('');
  const [error, setError] = useState(false);

  async function pin(event: FormEvent) {
    event.preventDefault();
    const target = parsePinInput(input);
    if (!target) {
      setError(true);
      return;
    }
    setError(false);
    openPanel();
    await pinnedItem.setValue({ ...target, pinnedAt: Date.now() });
    setInput('');
  }

  return (
    <form onSubmit={pin} className="flex flex-col gap-1" noValidate>
      <div className="flex gap-2">
        <Input
          data-testid="pin-input"
          aria-label={t('ext.pin.label')}
          placeholder={t('ext.pin.placeholder')}
          value={input}
          onChange={(e) => setInput(e.target.value)}
          className="h-8 text-sm"
        />
        <Button type="submit" size="sm" variant="outline" data-testid="pin-submit">
          {t('ext.pin.pin')}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground" data-testid="pinned-now">
        {error
          ? t('ext.pin.invalid')
          : pinned
            ? t('ext.pin.current', {
                problem: pinned.cid ? `${pinned.cid}/${pinned.problemId}` : pinned.problemId,
              })
            : t('ext.pin.none')}
      </p>
    </form>
  );
}
