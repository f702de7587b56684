import { CONTEST_LIMITS, ContestAuth, ContestType } from '../../../../shared/constants/contests';
import type { Db } from '../../../db/database';
import type { CurrentUser } from '../../auth/users';
import { nowIso } from '../../clock';
import { assertContestAdminArea } from '../admin-contests';
import { checkEventFeed } from './check-feed';

/** The largest feed an import accepts (a World Finals feed is a few MB). */
export const EVENT_FEED_MAX_BYTES = 64 * 1024 * 1024;

/**
 * POST /api/admin/contest/import-event-feed: a read-only public contest whose board replays the feed, ACM for a
 * pass-fail feed and OI for a score feed, ranked by the rules the feed states (read-feed.ts). Times come from the
 * feed; a feed with a freeze gives a sealed board that stays sealed after the end until an admin unseals it
 * (auto_real_rank off). The feed is stored as uploaded.
 */
export async function importEventFeed(db: Db, user: CurrentUser, ndjson: string): Promise<{ cid: number }> {
  assertContestAdminArea(user);
  const { feed, start } = checkEventFeed(ndjson);
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
        type: feed.scoreboardType === 'score' ? ContestType.OI : ContestType.ACM,
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
        oi_rank_score_type: feed.oiScoreMode,
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
        penalty_mode: feed.penaltyMode,
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
