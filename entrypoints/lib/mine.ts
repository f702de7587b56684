import type { SubmissionListItem } from '@/shared/api/types';
import { isInProgress } from '@/shared/constants/judge-status';
import { compileMessageOf } from './compile-error';
import { contestTitleOf } from './contest-title';
import { withLogin } from './session';
import { type RecentSubmission, recentItem } from './state';
import { addWatches, labelOf, notifyVerdict } from './watch';

/** How many of the user's last submissions the popup lists. */
export const RECENT_LIMIT = 5;
/** A submission found already final is still notified when it is this fresh. */
export const FRESH_MS = 5 * 60_000;

export function toRecent(s: SubmissionListItem): RecentSubmission {
  return {
    submitId: Number(s.submitId),
    cid: s.cid ?? 0,
    problemLabel: labelOf(s),
    title: s.title ?? null,
    status: s.status,
    time: s.time,
    memory: s.memory,
    score: s.score,
    language: s.language,
    submitTime: s.submitTime,
  };
}

/** Merges newly listed submissions into the stored ones: newest first, one row per id. */
export function mergeRecent(stored: RecentSubmission[], listed: RecentSubmission[]): RecentSubmission[] {
  const byId = new Map<number, RecentSubmission>();
  for (const s of [...listed, ...stored]) if (!byId.has(s.submitId)) byId.set(s.submitId, s);
  return [...byId.values()].sort((a, b) => b.submitId - a.submitId).slice(0, RECENT_LIMIT);
}

/**
 * Picks up the user's own submissions wherever they were made (the web app, another device):
 * GET /api/get-submission-list?onlyMine=true&limit=5, or a contest's /api/contest-submissions
 * when the web app submitted inside a contest. Ones still being judged are watched; ones newer
 * than anything seen before that are already final (judged between two looks) are notified now.
 */
export async function syncMine(
  options: { cid?: number | null; now?: number } = {},
): Promise<RecentSubmission[] | null> {
  const now = options.now ?? Date.now();
  return withLogin(async ({ api, serverUrl, language }) => {
    const page = options.cid
      ? await api.getContestSubmissions({
          contestID: options.cid,
          onlyMine: true,
          currentPage: 1,
          limit: RECENT_LIMIT,
        })
      : await api.getSubmissionList({ onlyMine: true, currentPage: 1, limit: RECENT_LIMIT });
    const previous = await recentItem.getValue();
    const known = new Map((previous?.items ?? []).map((s) => [s.submitId, s]));
    const listed: RecentSubmission[] = [];
    for (const record of page?.records ?? []) {
      const s = toRecent(record);
      const message = known.get(s.submitId)?.errorMessage ?? (await compileMessageOf(api, s));
      listed.push(message ? { ...s, errorMessage: message } : s);
    }
    const seenMax = previous?.maxSubmitId ?? null;
    const items = mergeRecent(previous?.items ?? [], listed);
    const maxSubmitId = Math.max(seenMax ?? 0, ...listed.map((s) => s.submitId)) || null;
    await recentItem.setValue({ items, maxSubmitId, checkedAt: now });

    await addWatches(
      listed
        .filter((s) => isInProgress(s.status))
        .map(({ submitId, cid, problemLabel, title }) => ({ submitId, cid, problemLabel, title })),
      now,
    );
    if (seenMax !== null) {
      const judgedUnseen = listed.filter(
        (s) => s.submitId > seenMax && !isInProgress(s.status) && now - Date.parse(s.submitTime) < FRESH_MS,
      );
      for (const s of judgedUnseen) {
        const contestTitle = s.cid ? await contestTitleOf(api, s.cid) : null;
        await notifyVerdict(serverUrl, language, { ...s, contestTitle }, s, s.errorMessage ?? null);
      }
    }
    return items;
  });
}
