import type { TFunction } from 'i18next';
import type { Endpoints } from '@/shared/api/endpoints';
import { ContestStatus } from '@/shared/constants/contests';
import { contestUrl } from './links';
import { showNotification } from './notify';
import { withLogin } from './session';
import {
  type ContestsState,
  contestsItem,
  notifiedClarificationsItem,
  type RunningContest,
  readAnnouncementsItem,
} from './state';
import { translator } from './translate';

/** The longest clarification text a notification shows. */
const CLARIFICATION_TEXT_MAX = 200;

/** At most this many running contests are followed (each costs two requests per check). */
export const MAX_CONTESTS = 8;

/**
 * The running contests the user can enter (GET /api/get-contest-list?status=0, then
 * get-contest-access for each), kept for the popup's countdowns, and their unread announcements
 * (POST /api/get-contest-not-read-announcement with the ids already seen) and clarification answers
 * notified. The first look at a contest only records what is there: a burst of old announcements
 * helps nobody.
 */
export async function syncContests(now = Date.now()): Promise<ContestsState | null> {
  return withLogin(async ({ api, serverUrl, language }) => {
    const page = await api.getContestList({ status: ContestStatus.RUNNING, currentPage: 1, limit: 20 });
    const running = (page?.records ?? []).filter((c) => c.status === ContestStatus.RUNNING);
    const offsetMs = running[0]?.now ? Date.parse(running[0].now) - now : 0;
    const mine: RunningContest[] = [];
    for (const c of running) {
      if (mine.length >= MAX_CONTESTS) break;
      const access = await api.getContestAccess(c.id).catch(() => null);
      if (!access?.access) continue;
      mine.push({ id: c.id, title: c.title, type: c.type, startTime: c.startTime, endTime: c.endTime });
    }
    const state: ContestsState = {
      items: mine,
      offsetMs: Number.isFinite(offsetMs) ? offsetMs : 0,
      checkedAt: now,
    };
    await contestsItem.setValue(state);

    const read = await readAnnouncementsItem.getValue();
    const nextRead: Record<string, number[]> = {};
    const t = translator(language);
    for (const c of mine) {
      const seen = read[String(c.id)];
      const fresh = await api
        .getContestNotReadAnnouncements({ cid: c.id, readAnnouncementList: seen ?? [] })
        .catch(() => null);
      const ids = new Set(seen ?? []);
      for (const a of fresh ?? []) {
        if (ids.has(a.id)) continue;
        ids.add(a.id);
        if (seen === undefined) continue; // first look: remember, do not notify
        await showNotification(`announcement-${c.id}-${a.id}`, {
          kind: 'announcement',
          title: t('ext.notify.announcementTitle', { contest: c.title }),
          message: a.title,
          url: contestUrl(serverUrl, c.id),
        });
      }
      nextRead[String(c.id)] = [...ids].slice(-200);
    }
    await readAnnouncementsItem.setValue(nextRead);
    await notifyClarifications(api, mine, serverUrl, t);
    return state;
  });
}

/**
 * The clarifications of the followed contests that reached the user since the last look: an answer to
 * their question, or one sent to everyone (GET /api/get-contest-clarification-unread, which marks nothing
 * read: the web app's list still shows them as new). Each is notified once; as with announcements, the
 * first look at a contest only records what is there. A server without clarifications answers 404: nothing.
 */
async function notifyClarifications(
  api: Endpoints,
  contests: RunningContest[],
  serverUrl: string,
  t: TFunction,
): Promise<void> {
  const notified = await notifiedClarificationsItem.getValue();
  const next: Record<string, number[]> = {};
  for (const c of contests) {
    const seen = notified[String(c.id)];
    const unread = await api.getContestClarificationUnread(c.id).catch(() => null);
    if (!unread) {
      // nothing learnt: what was known stays, and an unknown contest's first look is still to come
      if (seen) next[String(c.id)] = seen;
      continue;
    }
    const ids = new Set(seen ?? []);
    for (const clarification of unread.records) {
      if (ids.has(clarification.id)) continue;
      ids.add(clarification.id);
      if (seen === undefined) continue; // first look: remember, do not notify
      const text = clarification.answer ?? '';
      const shown = text.length > CLARIFICATION_TEXT_MAX ? `${text.slice(0, CLARIFICATION_TEXT_MAX)}…` : text;
      await showNotification(`clarification-${c.id}-${clarification.id}`, {
        kind: 'clarification',
        title: t('ext.notify.clarificationTitle', { contest: c.title }),
        message: clarification.displayId ? `${clarification.displayId}: ${shown}` : shown,
        url: `${contestUrl(serverUrl, c.id)}/clarifications`,
      });
    }
    next[String(c.id)] = [...ids].slice(-200);
  }
  await notifiedClarificationsItem.setValue(next);
}
