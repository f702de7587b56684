import { GROUP_ACTION_LIMITS } from '../../../shared/constants/groups';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { isAdminUser } from '../authz';
import { AppError } from '../errors';
import { countRequest } from '../site/rate-window';

export type GroupAction = keyof typeof GROUP_ACTION_LIMITS;

/**
 * How often one user may repeat a group action (GROUP_ACTION_LIMITS; docs/architecture.md, Groups):
 * a fixed window of `rate_window`, counted with one atomic upsert so replicas share it. Counted once
 * the action has passed its other checks, so a refused try does not use up the window. Admin roles
 * are exempt (as from HOJ's daily limits). Beyond the allowance: 429 with the minutes to wait.
 */
export async function assertGroupQuota(db: Db, user: CurrentUser, action: GroupAction): Promise<void> {
  if (isAdminUser(user)) return;
  const quota = GROUP_ACTION_LIMITS[action];
  const used = await countRequest(db, `group-${action}:${user.uid}`, quota.windowSeconds);
  if (used.count > quota.max) {
    const minutes = Math.max(1, Math.ceil(used.resetSeconds / 60));
    throw new AppError(
      429,
      `group.tooMany.${action}`,
      { max: quota.max, minutes },
      { seconds: used.resetSeconds },
    );
  }
}
