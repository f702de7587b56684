import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/web/components/ui/button';
import { type GrabAnswer, requestGrab } from '../lib/messages';
import { SubmitForm } from './submit-form';
import { targetTabId } from './target-tab';

type Grab =
  | { state: 'grabbing' }
  | { state: 'done'; since: number }
  | { state: 'nothing'; tabTitle: string | null };

/**
 * Quick submit as opened from the popup or the side panel: first takes the code fresh from the
 * tab it is about (never a draft left from another page), then shows the form. `draftAt` names a
 * draft just taken elsewhere (the context menu) to use as it is.
 */
export function GrabAndSubmit({
  serverUrl,
  draftAt,
  onClose,
}: {
  serverUrl: string;
  draftAt?: number;
  onClose?: () => void;
}) {
  const { t } = useTranslation();
  const [grab, setGrab] = useState<Grab>(
    draftAt !== undefined ? { state: 'done', since: draftAt } : { state: 'grabbing' },
  );

  const take = useCallback(async () => {
    setGrab({ state: 'grabbing' });
    const since = Date.now();
    const tabId = await targetTabId().catch(() => null);
    const answer: GrabAnswer =
      tabId === null ? { ok: false } : await requestGrab(tabId, true).catch(() => ({ ok: false }));
    setGrab(answer.ok ? { state: 'done', since } : { state: 'nothing', tabTitle: answer.tabTitle ?? null });
  }, []);

  useEffect(() => {
    if (draftAt === undefined) void take();
  }, [draftAt, take]);

  if (grab.state === 'grabbing') {
    return (
      <p className="text-xs text-muted-foreground" data-testid="submit-grabbing">
        {t('ext.submit.grabbing')}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-1.5">
      {grab.state === 'nothing' && (
        <p className="text-xs text-destructive" data-testid="quick-submit-error">
          {grab.tabTitle ? t('ext.submit.nothingIn', { tab: grab.tabTitle }) : t('ext.submit.nothingFound')}
        </p>
      )}
      <SubmitForm
        serverUrl={serverUrl}
        // nothing was taken: no stored draft is offered, the user pastes the code
        draftSince={grab.state === 'done' ? grab.since : Number.POSITIVE_INFINITY}
        onClose={onClose}
      />
      <Button
        type="button"
        size="sm"
        variant="ghost"
        className="self-start"
        onClick={() => void take()}
        data-testid="submit-regrab"
      >
        {t('ext.submit.regrab')}
      </Button>
    </div>
  );
}
