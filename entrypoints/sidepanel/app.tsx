import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/shared/api/client';
import { apiErrorText } from '@/shared/api/error-message';
import { buildCompanionTask, LOCAL_TOOL_PORTS, sendToLocalTools } from '@/shared/competitive-companion';
import { Button } from '@/web/components/ui/button';
import { problemUrl } from '../lib/links';
import { cacheProblem, loadProblem, type ProblemView, problemCacheItem, problemKey } from '../lib/problem';
import { serverUrlItem } from '../lib/settings';
import { type PinnedProblem, pinnedItem, submitDraftItem } from '../lib/state';
import { useAuth } from '../popup/auth-store';
import { PinBox } from '../popup/pin-box';
import { useStorageItem } from '../popup/use-storage-item';
import { GrabAndSubmit } from '../ui/grab-and-submit';
import { pageApi } from '../ui/page-api';
import { ContestClock } from './contest-clock';
import { LastVerdict } from './last-verdict';
import { ProblemStatement } from './problem-statement';

/** A draft this fresh was just taken by the context menu, which opened the panel for it. */
const CONTEXT_MENU_DRAFT_MS = 60_000;

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
  /** open: taken fresh from the active tab ('grab'), or the context menu's draft just taken (its time) */
  const [submit, setSubmit] = useState<{ draftAt?: number } | null>(null);

  // A draft the context menu ("Submit to Verdict") just took opens the form with it.
  useEffect(() => {
    if (draft && Date.now() - draft.at < CONTEXT_MENU_DRAFT_MS) setSubmit({ draftAt: draft.at });
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
  const pinnedLabel = pinned ? (pinned.cid ? `${pinned.cid}/${pinned.problemId}` : pinned.problemId) : '';

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
            variant={submit ? 'secondary' : 'outline'}
            onClick={() => setSubmit((v) => (v ? null : {}))}
            aria-expanded={!!submit}
            data-testid="panel-submit-toggle"
          >
            {t('ext.submit.title')}
          </Button>
        )}
      </header>
      {submit && serverUrl && loggedIn && (
        <section className="rounded-md border p-2">
          <GrabAndSubmit
            key={submit.draftAt ?? 'grab'}
            serverUrl={serverUrl}
            draftAt={submit.draftAt}
            onClose={() => setSubmit(null)}
          />
        </section>
      )}
      {!pinned && (
        <p className="text-sm text-muted-foreground" data-testid="panel-empty">
          {t('ext.panel.empty')}
        </p>
      )}
      <PinBox />
      {pinned && !view && !error && <p className="text-sm text-muted-foreground">{t('ext.panel.loading')}</p>}
      {pinned && error && !view && (
        <div
          className="flex flex-col gap-2 rounded-md border border-destructive/40 p-2"
          data-testid="panel-error"
        >
          <p className="text-sm text-destructive">
            {t('ext.panel.pinFailed', { problem: pinnedLabel })} {error}
          </p>
          <Button
            size="sm"
            variant="outline"
            className="self-start"
            onClick={() => void pinnedItem.setValue(null)}
            data-testid="panel-unpin"
          >
            {t('ext.panel.unpin')}
          </Button>
        </div>
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
      <LocalTools view={view} pinned={pinned} serverUrl={serverUrl} />
      {loggedIn && <LastVerdict view={view} serverUrl={serverUrl} />}
      <ProblemStatement view={view} />
    </article>
  );
}

/**
 * "Send to local tools", as on the problem page: the pinned problem in Competitive Companion's format
 * to the ports CP Editor, CPH and the like listen on, then how many answered or that none did.
 */
function LocalTools({
  view,
  pinned,
  serverUrl,
}: {
  view: ProblemView;
  pinned: PinnedProblem;
  serverUrl: string;
}) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<{ listened: number; total: number } | null>(null);
  const ports = LOCAL_TOOL_PORTS.join(', ');
  const send = async () => {
    setSending(true);
    setOutcome(null);
    const task = buildCompanionTask({
      label: pinned.problemId,
      title: view.title,
      siteName: view.siteName || new URL(serverUrl).host,
      contestTitle: view.contest?.title ?? null,
      url: problemUrl(serverUrl, pinned),
      judgeMode: view.judgeMode ?? 'default',
      timeLimitMs: view.timeLimit,
      memoryLimitMb: view.memoryLimit,
      examples: view.examples,
      fileIO: view.fileIO ?? null,
    });
    const result = await sendToLocalTools(task);
    setSending(false);
    setOutcome({ listened: result.listened.length, total: result.ports.length });
  };
  return (
    <div className="flex flex-col gap-1" data-testid="panel-local-tools">
      <Button
        size="sm"
        variant="outline"
        className="self-start"
        onClick={() => void send()}
        disabled={sending}
        title={t('localTools.hint')}
        data-testid="panel-local-tools-send"
      >
        {sending ? t('localTools.sending') : t('localTools.button')}
      </Button>
      {outcome && (
        <p
          role="status"
          className={outcome.listened > 0 ? 'text-xs text-muted-foreground' : 'text-xs text-destructive'}
          data-testid="panel-local-tools-status"
        >
          {outcome.listened > 0
            ? t('localTools.sent', { count: outcome.listened, total: outcome.total })
            : t('localTools.none', { ports })}
        </p>
      )}
    </div>
  );
}
