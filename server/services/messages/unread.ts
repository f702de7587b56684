import type { UnreadCounts } from '../../../shared/api/types';
import type { Db } from '../../db/database';

/**
 * Unread counts per type. Comments, replies, likes and notices do not exist yet (issue 4 adds
 * them); the counts are then read from their tables here, and every client already shows them.
 */
export async function unreadCounts(_db: Db, _uid: string): Promise<UnreadCounts> {
  return { comment: 0, reply: 0, like: 0, sys: 0, mine: 0 };
}
