import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { browser } from 'wxt/browser';
import { Button } from '@/web/components/ui/button';
import { requestGrab } from '../lib/messages';
import { SubmitForm } from '../ui/SubmitForm';

/** The tab the popup belongs to: `?tab=<id>` when given (tests, a popup opened as a page), else the active one. */
async function targetTabId(): Promise<number | null> {
  const fromQuery = Number(new URLSearchParams(location.search).get('tab'));
  if (Number.isInteger(fromQuery) && fromQuery > 0) return fromQuery;
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab?.id ?? null;
}

/** "Submit from this tab": takes the tab's selection or editor contents into the submit form. */
export function QuickSubmit({ serverUrl }: { serverUrl: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function grab() {
    setBusy(true);
    setError(null);
    const tabId = await targetTabId();
    const answer =
      tabId === null ? { ok: false } : await requestGrab(tabId, true).catch(() => ({ ok: false }));
    setBusy(false);
    if (answer.ok) setOpen(true);
    else setError(t('ext.submit.nothingFound'));
  }

  if (open) return <SubmitForm serverUrl={serverUrl} onClose={() => setOpen(false)} />;
  return (
    <div className="flex flex-col gap-1">
      <Button size="sm" variant="outline" onClick={grab} disabled={busy} data-testid="quick-submit">
        {t('ext.submit.fromTab')}
      </Button>
      {error && (
        <p className="text-xs text-destructive" data-testid="quick-submit-error">
          {error}
        </p>
      )}
    </div>
  );
}
