import { CONTEST_LIMITS, ContestAuth, ContestType } from '../../../../shared/constants/contests';
import type { Db } from '../../../db/database';
import type { CurrentUser } from '../../auth/users';
import { nowIso } from '../../clock';
import { badRequest } from '../../errors';
import { assertContestAdminArea } from '../admin-contests';
import { type ImportedFeed, readEventFeed } from '../ranking/event-feed';

/** The largest feed an import accepts (a World Finals feed is a few MB). */
export const EVENT_FEED_MAX_BYTES = 64 * 1024 * 1024;

interface CheckedFeed {
  feed: ImportedFeed;
  /** state.started, used when the contest event has no start time */
  startedAt: string | null;
}

/**
 * Reads an uploaded feed, refusing what is not one: a line that is not a JSON event ({type, data}), no contest
 * event, a time that is not a RELTIME, no start time or no duration.
 */
export function checkEventFeed(ndjson: string): CheckedFeed {
  let hasContest = false;
  let startedAt: string | null = null;
  const lines = ndjson.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.trim() === '') continue;
    let event: unknown;
    try {
      event = JSON.parse(line);
    } catch {
      throw badRequest('eventFeed.badLine', { line: i + 1 });
    }
    if (typeof event !== 'object' || event === null || Array.isArray(event)) {
      throw badRequest('eventFeed.badLine', { line: i + 1 });
    }
    const { type, data } = event as { type?: unknown; data?: unknown };
    if (typeof type !== 'string' || (data !== null && (typeof data !== 'object' || Array.isArray(data)))) {
      throw badRequest('eventFeed.badLine', { line: i + 1 });
    }
    if (type === 'contest' && data) hasContest = true;
    if (type === 'state' && data) {
      const started = (data as { started?: unknown }).started;
      startedAt = typeof started === 'string' ? started : startedAt;
    }
  }
  if (!hasContest) throw badRequest('eventFeed.noContest');
  let feed: ImportedFeed;
  try {
    feed = readEventFeed(ndjson);
  } catch {
    throw badRequest('eventFeed.badTime');
  }
  if (feed.durationMs <= 0) throw badRequest('eventFeed.noDuration');
  const start = feed.startTime ?? startedAt;
  if (start === null || Number.isNaN(Date.parse(start))) throw badRequest('eventFeed.noStartTime');
  return { feed, startedAt };
}

/**
 * POST /api/admin/contest/import-event-feed: a read-only public ACM contest whose board replays the feed. Times
 * come from the feed; a feed with a freeze gives a sealed board that stays sealed after the end until an admin
 * unseals it (auto_real_rank off). The feed is stored as uploaded.
 */
export async function importEventFeed(db: Db, user: CurrentUser, ndjson: string): Promise<{ cid: number }> {
  assertContestAdminArea(user);
  const { feed, startedAt } = checkEventFeed(ndjson);
  const start = Date.parse(feed.startTime ?? startedAt ?? '');
  const iso = (ms: number) => new Date(ms).toISOString();
  const title = (feed.name.trim() || 'Event feed').slice(0, CONTEST_LIMITS.titleMaxLength);
  const now = nowIso();
  return db.kysely.transaction().execute(async (trx) => {
    const contest = await trx
      .insertInto('contest')
      .values({
        uid: user.uid,
        author: user.username,
        title,
        type: ContestType.ACM,
        description: '',
        source: 0,
        auth: ContestAuth.PUBLIC,
        pwd: null,
        start_time: iso(start),
        end_time: iso(start + feed.durationMs),
        duration: Math.round(feed.durationMs / 1000),
        seal_rank: feed.freezeTime !== null ? 1 : 0,
        seal_rank_time: feed.freezeTime !== null ? iso(start + feed.freezeTime) : null,
        auto_real_rank: 0,
        visible: 1,
        open_print: 0,
        open_rank: 0,
        allow_end_submit: 0,
        rank_show_name: 'username',
        star_account: '[]',
        oi_rank_score_type: 'Recent',
        award_type: 0,
        award_config: '[]',
        informed_title: null,
        informed: null,
        short_name: null,
        subheading: null,
        sponsor: null,
        co_organizer: null,
        organizer: null,
        background_image: null,
        gid: null,
        penalty_mode: 'icpc-minutes',
        gmt_create: now,
        gmt_modified: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('contest_event_feed')
      .values({ cid: contest.id, feed: ndjson, gmt_create: now })
      .execute();
    return { cid: contest.id };
  });
}
