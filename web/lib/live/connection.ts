import type { LiveClient } from '@/shared/api/live-client';
import { LIVE, type LiveEvent } from '@/shared/constants/live';
import { authStore } from '../auth';
import { currentLanguage } from '../i18n';
import { applyCase, applyQueue, applySubmission, useLiveStore } from './store';
import { handlersOf, isLiveWanted, onWishesChanged, watchedContests } from './wishes';

let client: LiveClient | null = null;
/** what the open stream was opened for: the user and the contest ('' when closed) */
let openedFor = '';
let started = false;
let scheduled: ReturnType<typeof setTimeout> | null = null;

function dispatch(event: LiveEvent): void {
  if (event.kind === 'submission') applySubmission(event.data);
  else if (event.kind === 'queue') applyQueue(event.data);
  else if (event.kind === 'case') applyCase(event.data);
  else if (event.kind === 'hello') useLiveStore.setState({ watching: event.data.contest });
  // events were missed: what was pushed may be stale; the screens read afresh on the hello that follows
  else if (event.kind === 'reset') useLiveStore.setState({ submissions: {} });
  for (const handler of handlersOf(event.kind)) handler(event);
}

/** The contest the stream watches: the one most recently watched of those still on screen. */
function currentContest(): number | null {
  let last: number | null = null;
  for (const cid of watchedContests()) last = cid;
  return last;
}

function streamUrl(): string {
  const cid = currentContest();
  return cid === null ? LIVE.path : `${LIVE.path}?contest=${cid}`;
}

/** What the stream should be opened for now ('' for no stream). */
function wanted(): string {
  const { token, userInfo } = authStore.getState();
  const uid = token ? (userInfo?.uid ?? '') : '';
  const cid = currentContest();
  // a visitor has nothing to hear but a watched contest's public board
  if (!started || (!uid && cid === null)) return '';
  if (!isLiveWanted()) return '';
  return `${uid}|${cid ?? ''}`;
}

/** (Re)opens or closes the stream after the login, the watched contest or the demand changed. */
function reconcile(): void {
  const next = wanted();
  if (next === openedFor) return;
  openedFor = next;
  useLiveStore.setState({ submissions: {}, watching: null });
  document.documentElement.dataset.live = next ? 'connecting' : 'off';
  if (!next) {
    client?.stop();
    return;
  }
  void liveClient().then((c) => {
    // the wish may have changed while the client loaded
    if (openedFor === next) c.restart();
  });
}

/** The stream's client, loaded when first needed: the page's first load does without it. */
async function liveClient(): Promise<LiveClient> {
  if (client) return client;
  const { LiveClient } = await import('@/shared/api/live-client');
  client ??= new LiveClient({
    url: streamUrl,
    getToken: () => authStore.getState().token,
    getLanguage: currentLanguage,
    onEvent: dispatch,
    onHealth: (healthy) => {
      // polling takes over: what the stream said is no longer kept current
      useLiveStore.setState(healthy ? { healthy } : { healthy, submissions: {}, watching: null });
      // what the page runs on, for whoever looks (browser tests, someone debugging)
      document.documentElement.dataset.live = healthy ? 'on' : openedFor ? 'polling' : 'off';
    },
  });
  return client;
}

/** A screen arriving and the one leaving in one navigation change the stream once, not twice. */
function scheduleReconcile(): void {
  if (scheduled || !started) return;
  scheduled = setTimeout(() => {
    scheduled = null;
    reconcile();
  }, 0);
}

/**
 * Starts the tab's live channel (docs/architecture.md, Live push) once the page's first load is over
 * (./start.ts waits for it); it follows the login from then on.
 */
export function beginLiveConnection(): void {
  if (started) return;
  started = true;
  authStore.subscribe(scheduleReconcile);
  onWishesChanged(scheduleReconcile);
  reconcile();
}
