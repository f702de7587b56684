import { DISCUSSION_LIMITS } from '../../../shared/constants/discussions';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { isAdminUser } from '../authz';
import { AppError } from '../errors';
import { countRequest } from '../site/rate-window';

/**
 * How often one user may repeat a discussion action (docs/architecture.md, Discussions): fixed windows
 * of `rate_window` counted with one atomic upsert, so parallel requests on any replica cannot pass
 * a limit. Admin roles are exempt, as HOJ exempts them from its daily post limit.
 */
const DAY = 24 * 3600;

/**
 * HOJ's daily post limit (switch defaultCreateDiscussionDailyLimit): a window of 24 hours from the
 * first post, as HOJ's Redis key lives 24 hours. Checked last, right before the post is written.
 */
export async function assertDailyPostQuota(db: Db, user: CurrentUser, perDay: number): Promise<void> {
  if (isAdminUser(user)) return;
  const day = await countRequest(db, `discussion-day:${user.uid}`, DAY);
  if (day.count > perDay) {
    throw new AppError(429, 'discussion.dailyLimit', { count: perDay }, { seconds: day.resetSeconds });
  }
}

/** Likes, reports and edits (DISCUSSION_LIMITS): beyond the window's allowance 429 with the minutes to wait. */
export async function assertActionQuota(
  db: Db,
  user: CurrentUser,
  action: 'likes' | 'reports' | 'edits',
): Promise<void> {
  if (isAdminUser(user)) return;
  const quota = DISCUSSION_LIMITS[action];
  const used = await countRequest(db, `discussion-${action}:${user.uid}`, quota.windowSeconds);
  if (used.count > quota.max) {
    const minutes = Math.max(1, Math.ceil(used.resetSeconds / 60));
    throw new AppError(
      429,
      `discussion.tooMany.${action}`,
      { max: quota.max, minutes },
      { seconds: used.resetSeconds },
    );
  }
}
