import { COMMENT_RATE } from '../../../shared/constants/limits';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { isAdminUser } from '../authz';
import { AppError } from '../errors';
import { countRequest } from '../site/rate-window';

/**
 * How often a user may post comments and replies (docs/security.md): per kind, at most `perMinute` in a
 * minute and `perDay` in a day (COMMENT_RATE), counted in fixed windows of `rate_window` with one atomic
 * upsert each, so parallel posts on any replica cannot pass the limit. Root, admins and problem admins are
 * not limited (HOJ exempts them from its daily discussion limit too). A post refused by the minute limit
 * is not counted against the day.
 */
export type PostKind = 'comment' | 'reply';

const MINUTE = 60;
const DAY = 24 * 3600;

export async function assertMayPostNow(db: Db, user: CurrentUser, kind: PostKind): Promise<void> {
  if (isAdminUser(user)) return;
  const limits = COMMENT_RATE[kind];
  const minute = await countRequest(db, `${kind}-minute:${user.uid}`, MINUTE);
  if (minute.count > limits.perMinute) {
    const seconds = minute.resetSeconds;
    throw new AppError(429, `contestLimits.${kind}TooFast`, { max: limits.perMinute, seconds }, { seconds });
  }
  const day = await countRequest(db, `${kind}-day:${user.uid}`, DAY);
  if (day.count > limits.perDay) {
    const seconds = day.resetSeconds;
    const minutes = Math.ceil(seconds / 60);
    throw new AppError(
      429,
      `contestLimits.${kind}Daily`,
      { max: limits.perDay, hours: Math.floor(minutes / 60), minutes: minutes % 60 },
      { seconds },
    );
  }
}
