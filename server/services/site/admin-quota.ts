import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { AppError } from '../errors';
import { countRequest, type Quota } from './rate-window';

/**
 * Counts one use of `action` by this administrator and refuses (429, with the minutes to wait)
 * past the quota. Kept in the database (rate_window), so API replicas share the count.
 */
export async function takeAdminQuota(db: Db, action: string, user: CurrentUser, quota: Quota): Promise<void> {
  const { count, resetSeconds } = await countRequest(
    db,
    `site-admin-${action}:${user.uid}`,
    quota.windowSeconds,
  );
  if (count > quota.max) {
    const minutes = Math.max(1, Math.ceil(resetSeconds / 60));
    throw new AppError(429, 'adminConfig.tooMany', { minutes }, { seconds: resetSeconds });
  }
}
