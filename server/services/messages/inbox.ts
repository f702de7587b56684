import type { Page, SysMsg, UserMsg } from '../../../shared/api/types';
import type { MessageType } from '../../../shared/constants/messages';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { unreadChanged } from '../live/signals';
import { cleanNotices, listNotices } from './notices';
import { cleanReminders, listReminders } from './reminders';

/** The message centre's kinds: comment / reply / like are reminders, sys / mine are notices. */
const BOX_TYPE = { sys: 'Sys', mine: 'Mine' } as const;

/** GET /api/msg/<type>: one page of the caller's messages of that kind, then marked read. */
export async function listMessages(
  db: Db,
  user: CurrentUser,
  type: MessageType,
  query: { currentPage?: number; limit?: number },
): Promise<Page<UserMsg> | Page<SysMsg>> {
  const page = await (type === 'sys' || type === 'mine'
    ? listNotices(db, user, BOX_TYPE[type], query)
    : listReminders(db, user.uid, type, query));
  // read now: the user's other tabs and the extension show fewer unread
  unreadChanged(db, user.uid);
  return page;
}

/** DELETE /api/msg/clean: one of the caller's messages by id, or every one of that kind. */
export async function cleanMessages(
  db: Db,
  user: CurrentUser,
  type: MessageType,
  id?: number,
): Promise<void> {
  await (type === 'sys' || type === 'mine'
    ? cleanNotices(db, user, BOX_TYPE[type], id)
    : cleanReminders(db, user.uid, type, id));
  unreadChanged(db, user.uid);
}
