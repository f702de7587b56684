import type { UnreadCounts } from '../../../shared/api/types';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { unreadNotices } from './notices';
import { unreadReminders } from './reminders';

/** GET /api/msg/unread: the caller's unread comment, reply and like reminders and sys / mine notices. */
export async function unreadCounts(db: Db, user: CurrentUser): Promise<UnreadCounts> {
  const [reminders, notices] = await Promise.all([unreadReminders(db, user.uid), unreadNotices(db, user)]);
  return { ...reminders, ...notices };
}
