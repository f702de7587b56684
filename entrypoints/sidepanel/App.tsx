import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/shared/api/client';
import { apiErrorText } from '@/shared/api/error-message';
import { Button } from '@/web/components/ui/button';
import { problemUrl } from '../lib/links';
import { cacheProblem, loadProblem, type ProblemView, problemCacheItem, problemKey } from '../lib/problem';
import { serverUrlItem } from '../lib/settings';
import { type PinnedProblem, pinnedItem, submitDraftItem } from '../lib/state';
import { useAuth } from '../popup/auth-store';
import { PinBox } from '../popup/PinBox';
import { useStorageItem } from '../popup/use-storage-item';
import { pageApi } from '../ui/page-api';
import { SubmitForm } from '../ui/SubmitForm';
import { ContestClock } from './ContestClock';
import { LastVerdict } from './LastVerdict';
import { ProblemStatement } from './ProblemStatement';

/**
 * The side panel: the pinned problem (statement, limits, samples, contest clock, the user's last
 * verdict) and the quick-submit form. It follows the pin through storage change events, so
 * pinning in any tab or in the popup changes it everywhere.
 */
export function App() {
  const { t, i18n } = useTranslation();
  const serverUrl = useStorageItem(serverUrlItem);
  const pinned = useStorageItem(pinnedItem);
  const cache = useStorageItem(problemCacheItem);
  const draft = useStorageItem(submitDraftItem);
  const loggedIn = useAuth((s) => !!s.token);
  const [fresh, setFresh] = useState<ProblemView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [showSubmit, setShowSubmit] = useState(false);

  // A new draft (context menu "Submit to Verdict") opens the form.
  useEffect(() => {
    if (draft && Date.now() - draft.at < 60_000) setShowSubmit(true);
  }, [draft]);

  useEffect(() => {
    setFresh(null);
    setError(null);
    if (!pinned || !serverUrl) return;
    let live = true;
    loadProblem(pageApi(serverUrl, i18n.language), pinned).then(
      (view) => {
        if (!live) return;
        setFresh(view);
        void cacheProblem(view);
      },
      (e) => {
        if (live) setError(e instanceof ApiError ? apiErrorText(e, t) : t('errors.network'));
      },
    );
    return () => {
      live = false;
    };
  }, [pinned, serverUrl, i18n.language, t]);

  const view = fresh ?? (pinned ? cache?.[problemKey(pinned)] : undefined);

  return (
    <main className="flex min-h-screen flex-col gap-3 p-3" data-testid="sidepanel">
      <header className="flex items-center justify-between gap-2">
        <h1 className="flex items-center gap-2 text-sm font-semibold">
          <img src="/icon/32.png" alt="" className="size-4" />
          {t('ext.panel.title')}
        </h1>
        {loggedIn && (
          <Button
            size="sm"
            variant={showSubmit ? 'secondary' : 'outline'}
            onClick={() => setShowSubmit((v) => !v)}
            data-testid="panel-submit-toggle"
          >
            {t('ext.submit.title')}
          </Button>
        )}
      </header>
      {showSubmit && serverUrl && loggedIn && (
        <section className="rounded-md border p-2">
          <SubmitForm serverUrl={serverUrl} onClose={() => setShowSubmit(false)} />
        </section>
      )}
      {!pinned && (
        <div className="flex flex-col gap-2" data-testid="panel-empty">
          <p className="text-sm text-muted-foreground">{t('ext.panel.empty')}</p>
          <PinBox />
        </div>
      )}
      {pinned && !view && !error && <p className="text-sm text-muted-foreground">{t('ext.panel.loading')}</p>}
      {pinned && error && !view && (
        <p className="text-sm text-destructive" data-testid="panel-error">
          {error}
        </p>
      )}
      {pinned && view && serverUrl && (
        <PinnedProblemView view={view} pinned={pinned} serverUrl={serverUrl} loggedIn={loggedIn} />
      )}
    </main>
  );
}

function PinnedProblemView({
  view,
  pinned,
  serverUrl,
  loggedIn,
}: {
  view: ProblemView;
  pinned: PinnedProblem;
  serverUrl: string;
  loggedIn: boolean;
}) {
  const { t } = useTranslation();
  return (
    <article
      className="flex flex-col gap-3"
      data-testid="panel-problem"
      data-problem-id={view.problemId}
      data-cid={view.cid ?? ''}
    >
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-base font-semibold" data-testid="panel-title">
          <a
            href={problemUrl(serverUrl, pinned)}
            target="_blank"
            rel="noreferrer"
            className="hover:underline"
          >
            {pinned.problemId}. {view.title}
          </a>
        </h2>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => void pinnedItem.setValue(null)}
          data-testid="panel-unpin"
        >
          {t('ext.panel.unpin')}
        </Button>
      </div>
      {view.contest && <ContestClock contest={view.contest} />}
      <dl
        className="grid grid-cols-2 gap-x-3 gap-y-1 rounded-md border px-3 py-2 text-xs"
        data-testid="panel-limits"
      >
        <dt className="text-muted-foreground">{t('ext.panel.timeLimit')}</dt>
        <dd className="tabular-nums" data-testid="panel-time-limit">
          {view.timeLimit} ms
        </dd>
        <dt className="text-muted-foreground">{t('ext.panel.memoryLimit')}</dt>
        <dd className="tabular-nums" data-testid="panel-memory-limit">
          {view.memoryLimit} MB
        </dd>
        {Object.values(view.limitFactors).some((f) => f.time !== 1 || f.memory !== 1) && (
          <dd className="col-span-2 text-muted-foreground">{t('ext.panel.otherLanguages')}</dd>
        )}
      </dl>
      {loggedIn && <LastVerdict view={view} serverUrl={serverUrl} />}
      <ProblemStatement view={view} />
    </article>
  );
}
