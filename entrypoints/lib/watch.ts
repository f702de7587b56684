import { nextSubmissionPollMs } from '@/shared/api/polling';
import type { SubmissionListItem } from '@/shared/api/types';
import { isInProgress } from '@/shared/constants/judge-status';
import { POLL } from '@/shared/constants/limits';
import { compileMessageOf } from './compile-error';
import { contestTitleOf } from './contest-title';
import { submissionUrl } from './links';
import { createLock } from './mutex';
import { showNotification, verdictText } from './notify';
import { withLogin } from './session';
import { notifiedItem, recentItem, type WatchEntry, watchedItem } from './state';
import { translator } from './translate';

/** One-shot alarm that wakes a stopped worker for the next check (alarms fire after ≥ 30 s). */
export const WATCH_ALARM = 'verdict:watch';
/** Checks at the web app's pace (2 s) for the first minute, then slower and slower. */
export const FAST_CHECKS = 30;
export const MAX_DELAY_MS = 60_000;
/** A submission still not final after this long is no longer watched. */
export const GIVE_UP_MS = 30 * 60_000;
/** Alarms in packed extensions fire at most every 30 s. */
export const MIN_ALARM_MS = 30_000;

/**
 * Delay before the next check of a submission already checked `attempts` times. A submission the
 * last answer says still waits in the queue, with an estimate, is checked no sooner than the web
 * app would check it: after half its estimated wait (shared/api/polling.ts).
 */
export function watchDelayMs(
  attempts: number,
  last?: Pick<SubmissionListItem, 'status' | 'queueEtaSeconds'>,
): number {
  const backoff =
    attempts < FAST_CHECKS
      ? POLL.submissionStatusMs
      : Math.min(MAX_DELAY_MS, Math.round(POLL.submissionStatusMs * 1.5 ** (attempts - FAST_CHECKS + 1)));
  return last ? Math.max(backoff, nextSubmissionPollMs([last])) : backoff;
}

export type NewWatch = Pick<WatchEntry, 'submitId' | 'cid' | 'problemLabel' | 'title'>;

/** Every change of the watch list goes through this lock (the worker and its timers share it). */
export const watchLock = createLock();

/** Starts watching submissions (already watched ones are left as they are). */
export async function addWatches(entries: NewWatch[], now = Date.now()): Promise<void> {
  if (entries.length === 0) return;
  await watchLock(async () => {
    const current = await watchedItem.getValue();
    const known = new Set(current.map((e) => e.submitId));
    const added = entries
      .filter((e) => !known.has(e.submitId))
      .map((e) => ({ ...e, attempts: 0, nextAt: now + POLL.submissionStatusMs, addedAt: now }));
    if (added.length) await watchedItem.setValue([...current, ...added]);
  });
}

/** Epoch ms of the next due check, or null when nothing is watched. */
export function nextCheckAt(entries: readonly WatchEntry[]): number | null {
  if (entries.length === 0) return null;
  return Math.min(...entries.map((e) => e.nextAt));
}

export function labelOf(s: Pick<SubmissionListItem, 'cid' | 'displayId' | 'displayPid'>): string {
  return (s.cid ? s.displayId || s.displayPid : s.displayPid) || '';
}

/** Keeps the popup's list of last submissions in step with what the watcher learnt. */
async function updateRecent(
  answers: SubmissionListItem[],
  messages: Map<number, string | null>,
): Promise<void> {
  if (answers.length === 0) return;
  const recent = await recentItem.getValue();
  if (!recent) return;
  const byId = new Map(answers.map((a) => [Number(a.submitId), a]));
  let changed = false;
  const items = recent.items.map((item) => {
    const a = byId.get(item.submitId);
    if (!a || (a.status === item.status && a.time === item.time)) return item;
    changed = true;
    return {
      ...item,
      status: a.status,
      time: a.time,
      memory: a.memory,
      score: a.score,
      errorMessage: messages.get(item.submitId) ?? item.errorMessage ?? null,
    };
  });
  if (changed) await recentItem.setValue({ ...recent, items });
}

/** Notifies a final verdict; a click opens the submission on the server. */
export async function notifyVerdict(
  serverUrl: string,
  language: 'zh-CN' | 'en-US',
  entry: Pick<WatchEntry, 'submitId' | 'cid' | 'problemLabel' | 'title' | 'contestTitle'>,
  answer: Pick<SubmissionListItem, 'status' | 'time' | 'memory' | 'score'> &
    Partial<Pick<SubmissionListItem, 'displayId' | 'displayPid'>>,
  compileMessage: string | null = null,
): Promise<void> {
  const fresh = await watchLock(async () => {
    const done = await notifiedItem.getValue();
    if (done.includes(entry.submitId)) return false;
    await notifiedItem.setValue([...done, entry.submitId].slice(-50));
    return true;
  });
  if (!fresh) return;
  const text = verdictText(translator(language), {
    submitId: entry.submitId,
    problemLabel: entry.problemLabel,
    title: entry.title,
    status: answer.status,
    time: answer.time,
    memory: answer.memory,
    score: answer.score,
    contestTitle: entry.contestTitle,
    compileMessage,
  });
  await showNotification(`verdict-${entry.submitId}`, {
    kind: 'verdict',
    ...text,
    url: submissionUrl(serverUrl, {
      submitId: entry.submitId,
      cid: entry.cid,
      displayId: answer.displayId ?? entry.problemLabel,
      displayPid: answer.displayPid ?? entry.problemLabel,
    }),
  });
}

/**
 * Checks the watched submissions that are due (POST /api/check-submissions-status, or
 * check-contest-submissions-status for contest ones): final verdicts are notified and dropped,
 * the rest are checked again later, further apart. Returns how many reached a final verdict.
 */
export async function checkWatched(now = Date.now()): Promise<number> {
  const watched = await watchedItem.getValue();
  const due = watched.filter((e) => e.nextAt <= now + 250);
  if (due.length === 0) return 0;

  const answers = new Map<number, SubmissionListItem>();
  const messages = new Map<number, string | null>();
  const contestTitles = new Map<number, string | null>();
  let failed = false;
  const result = await withLogin(async ({ api, serverUrl, language }) => {
    const byContest = new Map<number, number[]>();
    for (const e of due) byContest.set(e.cid, [...(byContest.get(e.cid) ?? []), e.submitId]);
    for (const [cid, ids] of byContest) {
      try {
        const found = cid
          ? await api.checkContestSubmissionsStatus(cid, ids)
          : await api.checkSubmissionsStatus(ids);
        for (const item of Object.values(found ?? {})) answers.set(Number(item.submitId), item);
      } catch (error) {
        if ((error as { httpStatus?: number }).httpStatus === 401) throw error;
        failed = true;
      }
    }
    // what the notification says beyond the verdict: the compiler's message, the contest's name
    for (const [id, answer] of answers)
      messages.set(id, await compileMessageOf(api, { submitId: id, status: answer.status }));
    for (const cid of byContest.keys()) if (cid) contestTitles.set(cid, await contestTitleOf(api, cid));
    return { serverUrl, language };
  }).catch(() => null);

  if (!result) {
    // logged out (or the login was refused): nothing can be checked any more
    await watchLock(() => watchedItem.setValue([]));
    return 0;
  }

  const finished: { entry: WatchEntry; answer: SubmissionListItem }[] = [];
  await watchLock(async () => {
    const current = await watchedItem.getValue();
    const next: WatchEntry[] = [];
    for (const entry of current) {
      if (!due.some((d) => d.submitId === entry.submitId)) {
        next.push(entry);
        continue;
      }
      const answer = answers.get(entry.submitId);
      if (answer && !isInProgress(answer.status)) {
        finished.push({ entry, answer });
        continue;
      }
      if (!answer && !failed && entry.attempts >= 3) continue; // gone or not ours: stop asking
      if (now - entry.addedAt > GIVE_UP_MS) continue;
      const attempts = entry.attempts + 1;
      next.push({ ...entry, attempts, nextAt: now + watchDelayMs(attempts, answer) });
    }
    await watchedItem.setValue(next);
  });

  await updateRecent([...answers.values()], messages);
  for (const { entry, answer } of finished) {
    const contestTitle = entry.contestTitle ?? contestTitles.get(entry.cid) ?? null;
    const message = messages.get(entry.submitId) ?? null;
    await notifyVerdict(result.serverUrl, result.language, { ...entry, contestTitle }, answer, message);
  }
  return finished.length;
}
